// Writes a Weights object as the text of eval/weights.cpp, so the tuner's
// output drops straight into the build.
#include "eval/weights.h"

#include <string>

namespace flotilla::eval {

std::string weights_source(const Weights& weights) {
    std::string out =
        "// Evaluation weights, in the format the Texel tuner writes (tools/tune).\n"
        "// Starting values are hand-set by simple rules (centralisation, pawn advance,\n"
        "// king shelter; see docs/eval.md); the tuner replaces them. Order and sizes\n"
        "// follow FLOTILLA_EVAL_WEIGHTS in weights.h.\n"
        "#include \"eval/weights.h\"\n\n"
        "namespace flotilla::eval {\n\n"
        "// clang-format off\n"
        "const Weights DEFAULT_WEIGHTS = {\n";
    for_each_weight(weights, [&](std::string_view name, std::span<const Score> table) {
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

} // namespace flotilla::eval
