// Checkpoint files; written to a temporary name and renamed, so that a crash
// while writing leaves the previous checkpoint intact.
#include "tools/nnue_checkpoint.h"

#include "core/crc32.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace flotilla::tools::nnue {

namespace {

constexpr char MAGIC[8] = {'F', 'L', 'N', 'N', 'C', 'K', 'P', 'T'};
constexpr std::uint32_t VERSION = 3; // 2: the king bucket map; 3: the factoriser flag

class Writer {
  public:
    template <class T> void put(const T& value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        bytes.insert(bytes.end(), p, p + sizeof(T));
    }
    void put(const std::vector<float>& v) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(v.data());
        bytes.insert(bytes.end(), p, p + v.size() * sizeof(float));
    }
    std::vector<std::uint8_t> bytes;
};

class Reader {
  public:
    explicit Reader(const std::vector<std::uint8_t>& b) : bytes(b) {}
    template <class T> bool get(T* value) {
        if (pos + sizeof(T) > bytes.size()) return false;
        std::memcpy(value, bytes.data() + pos, sizeof(T));
        pos += sizeof(T);
        return true;
    }
    bool get(std::vector<float>* v) {
        const std::size_t size = v->size() * sizeof(float);
        if (pos + size > bytes.size()) return false;
        std::memcpy(v->data(), bytes.data() + pos, size);
        pos += size;
        return true;
    }
    std::size_t pos = 0;

  private:
    const std::vector<std::uint8_t>& bytes;
};

} // namespace

bool save_checkpoint(const std::string& path, const Checkpoint& c, std::string* error) {
    Writer w;
    for (char ch : MAGIC) w.put(ch);
    w.put(VERSION);
    w.put(std::uint32_t(c.net.hidden));
    w.put(std::uint32_t(c.net.buckets));
    w.put(c.net.layout.feature_set());
    w.put(c.net.layout.map());
    w.put(std::uint32_t(c.net.factoriser ? 1 : 0));
    w.put(c.epoch);
    w.put(c.adam.steps);
    w.put(c.rngState);
    w.put(c.k);
    w.put(c.options);
    w.put(c.adam.beta1);
    w.put(c.adam.beta2);
    w.put(c.adam.epsilon);
    w.put(c.adam.weightDecay);
    for (const auto* v : {&c.net.w, &c.net.b, &c.net.o, &c.net.ob, &c.adam.m, &c.adam.v}) w.put(*v);
    w.put(crc32(w.bytes.data(), w.bytes.size()));

    const std::string temp = path + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(w.bytes.data()), std::streamsize(w.bytes.size()));
        if (!out.flush()) {
            *error = "cannot write checkpoint '" + temp + "'";
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        *error = "cannot rename '" + temp + "' to '" + path + "': " + ec.message();
        return false;
    }
    return true;
}

bool load_checkpoint(const std::string& path, Checkpoint* c, std::string* error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = "cannot open checkpoint '" + path + "'";
        return false;
    }
    const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
    auto fail = [&](const std::string& why) {
        *error = "checkpoint '" + path + "': " + why;
        return false;
    };
    if (bytes.size() < sizeof(MAGIC) + 4 || std::memcmp(bytes.data(), MAGIC, sizeof(MAGIC)) != 0)
        return fail("not a Flotilla NNUE checkpoint");
    std::uint32_t storedCrc = 0;
    std::memcpy(&storedCrc, bytes.data() + bytes.size() - 4, 4);
    if (crc32(bytes.data(), bytes.size() - 4) != storedCrc) return fail("CRC-32 mismatch");
    Reader r(bytes);
    r.pos = sizeof(MAGIC);
    std::uint32_t version = 0, hidden = 0, buckets = 0;
    if (!r.get(&version) || version != VERSION) return fail("unknown version");
    if (!r.get(&hidden) || !r.get(&buckets) || hidden < 8 || hidden > 4096 || hidden % 8 ||
        buckets < 1 || buckets > 16)
        return fail("bad network size");
    std::uint32_t featureSet = 0;
    std::array<std::uint8_t, flotilla::nnue::KING_MAP_SQUARES> map{};
    std::uint32_t factoriser = 0;
    if (!r.get(&featureSet) || !r.get(&map) || !r.get(&factoriser)) return fail("truncated header");
    if (factoriser > 1 || (factoriser && featureSet != flotilla::nnue::FEATURE_SET_KING_BUCKETS))
        return fail("bad factoriser flag");
    flotilla::nnue::InputLayout layout;
    if (featureSet == flotilla::nnue::FEATURE_SET_KING_BUCKETS) {
        std::string why;
        const auto l = flotilla::nnue::InputLayout::king_buckets(map, &why);
        if (!l) return fail(why);
        layout = *l;
    } else if (featureSet != flotilla::nnue::FEATURE_SET_PIECE_SQUARE) {
        return fail("unknown feature set");
    }
    c->net = FloatNet(int(hidden), int(buckets), layout, factoriser == 1);
    c->adam.resize(c->net);
    if (!r.get(&c->epoch) || !r.get(&c->adam.steps) || !r.get(&c->rngState) || !r.get(&c->k) ||
        !r.get(&c->options) || !r.get(&c->adam.beta1) || !r.get(&c->adam.beta2) ||
        !r.get(&c->adam.epsilon) || !r.get(&c->adam.weightDecay))
        return fail("truncated header");
    for (auto* v : {&c->net.w, &c->net.b, &c->net.o, &c->net.ob, &c->adam.m, &c->adam.v})
        if (!r.get(v)) return fail("truncated");
    if (r.pos + 4 != bytes.size()) return fail("unexpected length");
    return true;
}

} // namespace flotilla::tools::nnue
