#include "tools/weights_source.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace flotilla::tools {

namespace {
// The block is left unformatted: a command line is longer than a formatted line.
constexpr std::string_view PROVENANCE_HEADING = "// clang-format off\n// Provenance:\n";
constexpr std::string_view PROVENANCE_END = "// clang-format on\n";
} // namespace

std::string weights_source(const eval::Weights& weights, std::string_view provenance) {
    std::string out =
        "// Evaluation weights, in the format the Texel tuner writes (flotilla tune). The\n"
        "// hand-set first values (centralisation, pawn advance, king shelter) are in git\n"
        "// history (docs/eval.md); the provenance, when given, says how these were made.\n"
        "// Order and sizes follow FLOTILLA_EVAL_WEIGHTS in weights.h.\n";
    if (!provenance.empty()) {
        out += PROVENANCE_HEADING;
        while (!provenance.empty()) {
            const std::size_t end = std::min(provenance.find('\n'), provenance.size());
            out += "// ";
            out += provenance.substr(0, end);
            out += "\n";
            provenance.remove_prefix(std::min(end + 1, provenance.size()));
        }
        out += PROVENANCE_END;
    }
    out += "#include \"eval/weights.h\"\n\n"
           "namespace flotilla::eval {\n\n"
           "// clang-format off\n"
           "const Weights DEFAULT_WEIGHTS = {\n";
    eval::for_each_weight(weights, [&](std::string_view name, std::span<const eval::Score> table) {
        // Piece-square tables print one rank (four half-board files) per line.
        const std::size_t perLine = name.starts_with("psqt") ? 4 : 8;
        out += "    .";
        out += name;
        out += " = {{\n";
        for (std::size_t i = 0; i < table.size(); ++i) {
            out += i % perLine == 0 ? "        " : " ";
            out += "S(" + std::to_string(table[i].mg) + ", " + std::to_string(table[i].eg) + "),";
            if (i % perLine == perLine - 1 || i + 1 == table.size()) out += "\n";
        }
        out += "    }},\n";
    });
    out += "};\n// clang-format on\n\n} // namespace flotilla::eval\n";
    return out;
}

std::string weights_provenance(std::string_view source) {
    const std::size_t at = source.find(PROVENANCE_HEADING);
    if (at == std::string_view::npos) return "";
    source.remove_prefix(at + PROVENANCE_HEADING.size());
    std::string lines;
    while (source.starts_with("// ") && !source.starts_with(PROVENANCE_END)) {
        const std::size_t end = std::min(source.find('\n'), source.size());
        if (!lines.empty()) lines += '\n';
        lines += source.substr(3, end - 3);
        source.remove_prefix(std::min(end + 1, source.size()));
    }
    return lines;
}

} // namespace flotilla::tools
