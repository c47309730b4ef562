#include "uci/options.h"

#include "uci/text.h"

namespace flotilla::uci {

namespace {

std::vector<std::string_view> combo_choices(std::string_view choices) {
    std::vector<std::string_view> out;
    while (!choices.empty()) {
        const std::size_t bar = choices.find('|');
        out.push_back(choices.substr(0, bar));
        if (bar == std::string_view::npos) break;
        choices.remove_prefix(bar + 1);
    }
    return out;
}

} // namespace

Option::Option(const OptionSpec& spec) : specPtr(&spec) {
    switch (spec.type) {
    case OptionType::Spin: number = spec.number; break;
    case OptionType::Check: number = spec.text == "true"; break;
    case OptionType::Combo:
    case OptionType::String: text = spec.text; break;
    case OptionType::Button: break;
    }
}

bool Option::assign(std::optional<std::string_view> value, std::string* error) {
    const std::string label = "option '" + std::string(name()) + "'";
    auto fail = [&](const std::string& message) {
        if (error) *error = message;
        return false;
    };
    if (type() == OptionType::Button) return true; // a button has no value; one sent is ignored
    if (!value) return fail(label + " needs a value (setoption name <name> value <value>)");

    switch (type()) {
    case OptionType::Spin: {
        std::int64_t v;
        if (!parse_integer(*value, v))
            return fail(label + " value " + quote(*value) + " is not an integer");
        if (v < specPtr->min || v > specPtr->max)
            return fail(label + " value " + std::to_string(v) + " is out of range [" +
                        std::to_string(specPtr->min) + ", " + std::to_string(specPtr->max) + "]");
        number = v;
        return true;
    }
    case OptionType::Check:
        if (iequals(*value, "true"))
            number = 1;
        else if (iequals(*value, "false"))
            number = 0;
        else
            return fail(label + " value " + quote(*value) + " is not 'true' or 'false'");
        return true;
    case OptionType::Combo:
        for (std::string_view choice : combo_choices(specPtr->choices)) {
            if (iequals(*value, choice)) {
                text = choice;
                return true;
            }
        }
        return fail(label + " value " + quote(*value) + " is not one of " +
                    std::string(specPtr->choices));
    case OptionType::String:
        // "<empty>" is how the handshake shows an empty default, so accept it back.
        text = *value == "<empty>" ? std::string() : std::string(*value);
        return true;
    case OptionType::Button: break;
    }
    return true;
}

std::string Option::uci_line() const {
    std::string line = "option name " + std::string(name()) + " type ";
    const OptionSpec& s = spec();
    switch (s.type) {
    case OptionType::Check: line += "check default " + std::string(s.text); break;
    case OptionType::Spin:
        line += "spin default " + std::to_string(s.number) + " min " + std::to_string(s.min) +
                " max " + std::to_string(s.max);
        break;
    case OptionType::Combo:
        line += "combo default " + std::string(s.text);
        for (std::string_view choice : combo_choices(s.choices))
            line += " var " + std::string(choice);
        break;
    case OptionType::Button: line += "button"; break;
    case OptionType::String:
        line += "string default " + (s.text.empty() ? std::string("<empty>") : std::string(s.text));
        break;
    }
    return line;
}

Options::Options(std::span<const OptionSpec> table) {
    options.reserve(table.size());
    for (const OptionSpec& spec : table) options.emplace_back(spec);
}

Option* Options::find(std::string_view name) {
    for (Option& o : options)
        if (iequals(o.name(), name)) return &o;
    return nullptr;
}

const Option* Options::find(std::string_view name) const {
    return const_cast<Options*>(this)->find(name);
}

} // namespace flotilla::uci
