#include "uci/setoption_parser.h"

namespace flotilla::uci {

bool parse_setoption(std::span<const std::string_view> args, SetOptionRequest& request,
                     std::string* error) {
    auto fail = [&](const char* message) {
        if (error) *error = message;
        return false;
    };
    if (args.empty() || args[0] != "name")
        return fail("setoption needs 'name <option name> [value <value>]'");
    std::size_t valueAt = 1;
    while (valueAt < args.size() && args[valueAt] != "value") ++valueAt;
    if (valueAt == 1) return fail("setoption has no option name after 'name'");

    // Extra spacing between name words cannot change the name.
    request.name = args[1];
    for (std::size_t i = 2; i < valueAt; ++i) request.name += " " + std::string(args[i]);

    request.value.reset();
    if (valueAt + 1 < args.size()) {
        const char* begin = args[valueAt + 1].data();
        const char* end = args.back().data() + args.back().size();
        request.value.emplace(begin, std::size_t(end - begin));
    } else if (valueAt < args.size()) {
        request.value.emplace();
    }
    return true;
}

} // namespace flotilla::uci
