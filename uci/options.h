// UCI options as one declarative table: each row gives a name, a type, the
// default and bounds, and the Engine action to run when the value changes.
// Adding an option is adding one row (see engine_options.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace flotilla::uci {

class Engine;
class Option;

enum class OptionType { Check, Spin, Combo, Button, String };

// Runs after a new value is accepted (and once at start-up with the default).
using OptionAction = void (*)(Engine&, const Option&);

struct OptionSpec {
    std::string_view name;
    OptionType type;
    std::string_view text;   // check: "true"/"false"; combo, string: the default
    std::int64_t number = 0; // spin: the default
    std::int64_t min = 0, max = 0;
    std::string_view choices; // combo: the allowed values, separated by '|'
    OptionAction onChange = nullptr;
};

// One-line constructors for the rows of an option table.
constexpr OptionSpec spin_option(std::string_view name, std::int64_t def, std::int64_t min,
                                 std::int64_t max, OptionAction onChange) {
    return {name, OptionType::Spin, {}, def, min, max, {}, onChange};
}
constexpr OptionSpec check_option(std::string_view name, bool def, OptionAction onChange) {
    return {name, OptionType::Check, def ? "true" : "false", 0, 0, 0, {}, onChange};
}
constexpr OptionSpec button_option(std::string_view name, OptionAction onChange) {
    return {name, OptionType::Button, {}, 0, 0, 0, {}, onChange};
}
constexpr OptionSpec string_option(std::string_view name, std::string_view def,
                                   OptionAction onChange) {
    return {name, OptionType::String, def, 0, 0, 0, {}, onChange};
}
constexpr OptionSpec combo_option(std::string_view name, std::string_view def,
                                  std::string_view choices, OptionAction onChange) {
    return {name, OptionType::Combo, def, 0, 0, 0, choices, onChange};
}

// An option's spec and its current value.
class Option {
  public:
    explicit Option(const OptionSpec& spec);

    const OptionSpec& spec() const { return *specPtr; }
    std::string_view name() const { return specPtr->name; }
    OptionType type() const { return specPtr->type; }

    std::int64_t as_int() const { return number; }
    bool as_bool() const { return number != 0; }
    const std::string& as_string() const { return text; }

    // Validates a value sent by setoption (nullopt: no `value` part) and stores it;
    // on error returns false, fills *error and keeps the old value.
    bool assign(std::optional<std::string_view> value, std::string* error);

    // The `option name ... type ...` line of the uci handshake.
    std::string uci_line() const;

  private:
    const OptionSpec* specPtr;
    std::int64_t number = 0; // spin value; check as 0/1
    std::string text;        // string and combo value
};

class Options {
  public:
    explicit Options(std::span<const OptionSpec> table);

    // Option names are case-insensitive (UCI protocol); nullptr when unknown.
    Option* find(std::string_view name);
    const Option* find(std::string_view name) const;

    auto begin() const { return options.begin(); }
    auto end() const { return options.end(); }

  private:
    std::vector<Option> options;
};

} // namespace flotilla::uci
