#include "tools/eval_network.h"

#include "eval/nnue/embedded.h"

#include <cstdio>
#include <filesystem>

namespace flotilla::tools {

bool load_eval_network(const std::string& evalFile, EvalNetwork* out, std::string* error) {
    if (evalFile == "classical") {
        *out = EvalNetwork{};
        return true;
    }
    std::string why;
    const bool embedded = evalFile == "<default>";
    if (embedded && !nnue::HAS_EMBEDDED_NETWORK) {
        *error = "--eval-file: this build embeds no network";
        return false;
    }
    auto net = embedded ? nnue::Network::from_bytes(nnue::embedded_network(), &why)
                        : nnue::Network::from_file(evalFile, &why);
    if (!net) {
        *error = "--eval-file: " + why;
        return false;
    }
    // The network's own checksum (its file's last four bytes). The CRC-32 of the whole
    // file would be the same for every network: CRC-32's residue, 2144df1c.
    char crc[16];
    std::snprintf(crc, sizeof crc, "%08x", net->checksum());
    out->name = std::filesystem::path(evalFile).filename().string() + " crc32 " + crc;
    out->network = std::make_shared<const nnue::Network>(std::move(*net));
    return true;
}

} // namespace flotilla::tools
