// The handshake (`uci`) and `setoption`.
#include "uci/protocol.h"
#include "uci/setoption_parser.h"

namespace flotilla::uci {

void Protocol::cmd_uci(Args) {
    std::string text = "id name Flotilla " + std::string(engine_version()) + "\n";
    text += "id author the Flotilla developers\n\n";
    for (const Option& o : engine.options()) text += o.uci_line() + "\n";
    text += "uciok\n";
    out.block(text);
}

void Protocol::cmd_setoption(Args args) {
    SetOptionRequest request;
    std::string message;
    if (!parse_setoption(args, request, &message)) return error(message);
    const std::optional<std::string_view> value =
        request.value ? std::optional<std::string_view>(*request.value) : std::nullopt;
    if (!engine.set_option(request.name, value, &message)) return error(message);
    if (!engine.option_notice().empty()) out.line("info string " + engine.option_notice());
}

} // namespace flotilla::uci
