// Quantisation (W = round(w * QA), O = round(o * QB), ...) and the file writer/reader.
#include "tools/nnue_export.h"

#include "core/crc32.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

namespace flotilla::tools::nnue {

namespace {

constexpr std::uint32_t VERSION = 1, SCALE_INT = 400;
constexpr std::size_t MAP_BYTES = 32; // feature set 2's king bucket map
constexpr std::size_t MAX_DESCRIPTION = 4096;

std::int16_t to_int16(double x) {
    return std::int16_t(std::clamp(std::lround(x), -32767L, 32767L));
}

template <class T> void put(std::vector<std::uint8_t>& out, T value) {
    using U = std::make_unsigned_t<T>;
    const U u = U(value);
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(std::uint8_t(u >> (8 * i)));
}

template <class T> T get(const std::uint8_t* p) {
    using U = std::make_unsigned_t<T>;
    U u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) u = U(u | (U(p[i]) << (8 * i)));
    return T(u);
}

} // namespace

QuantisedNet quantise(const FloatNet& net) {
    QuantisedNet q;
    q.hidden = net.hidden;
    q.buckets = net.buckets;
    q.layout = net.layout;
    // A factoriser's shared block is added into every king bucket's block.
    const std::size_t block = std::size_t(FEATURES) * std::size_t(net.hidden);
    const std::size_t rows = std::size_t(net.layout.features()) * std::size_t(net.hidden);
    for (std::size_t i = 0; i < rows; ++i) {
        const double shared = net.factoriser ? double(net.w[rows + i % block]) : 0.0;
        q.w.push_back(to_int16((double(net.w[i]) + shared) * QA));
    }
    for (float x : net.b) q.bias.push_back(to_int16(double(x) * QA));
    for (float x : net.o)
        q.o.push_back(std::int16_t(std::clamp(std::lround(double(x) * QB), -127L, 127L)));
    for (float x : net.ob) q.obias.push_back(std::int32_t(std::llround(double(x) * QA * QB)));
    return q;
}

std::vector<std::uint8_t> serialise(const QuantisedNet& q, const std::string& description) {
    const std::string text = description.substr(0, MAX_DESCRIPTION);
    std::vector<std::uint8_t> out = {'F', 'L', 'N', 'N'};
    const std::uint32_t featureSet = q.layout.feature_set();
    for (std::uint32_t v :
         {VERSION, featureSet, std::uint32_t(q.hidden), std::uint32_t(q.buckets), std::uint32_t(QA),
          std::uint32_t(QB), SCALE_INT, std::uint32_t(text.size())})
        put(out, v);
    out.insert(out.end(), text.begin(), text.end());
    if (featureSet == flotilla::nnue::FEATURE_SET_KING_BUCKETS)
        out.insert(out.end(), q.layout.map().begin(), q.layout.map().end());
    for (auto x : q.w) put(out, x);
    for (auto x : q.bias) put(out, x);
    for (auto x : q.o) put(out, x);
    for (auto x : q.obias) put(out, x);
    put(out, crc32(out.data(), out.size()));
    return out;
}

bool parse_network(const std::vector<std::uint8_t>& bytes, QuantisedNet* q,
                   std::string* description, std::string* error) {
    auto fail = [&](const char* why) {
        *error = why;
        return false;
    };
    if (bytes.size() < 40) return fail("file too short");
    if (std::memcmp(bytes.data(), "FLNN", 4) != 0) return fail("bad magic");
    const std::uint8_t* p = bytes.data();
    if (get<std::uint32_t>(p + 4) != VERSION) return fail("unknown version");
    const std::uint32_t featureSet = get<std::uint32_t>(p + 8);
    if (featureSet != flotilla::nnue::FEATURE_SET_PIECE_SQUARE &&
        featureSet != flotilla::nnue::FEATURE_SET_KING_BUCKETS)
        return fail("unknown feature set");
    const std::uint32_t h = get<std::uint32_t>(p + 12), b = get<std::uint32_t>(p + 16);
    if (h < 8 || h > 4096 || h % 16) return fail("hidden size out of range");
    if (b < 1 || b > 16) return fail("bucket count out of range");
    if (get<std::uint32_t>(p + 20) != std::uint32_t(QA) ||
        get<std::uint32_t>(p + 24) != std::uint32_t(QB) || get<std::uint32_t>(p + 28) != SCALE_INT)
        return fail("unexpected quantisation constants");
    const std::uint32_t n = get<std::uint32_t>(p + 32);
    if (n > MAX_DESCRIPTION) return fail("description too long");
    const std::size_t mapBytes =
        featureSet == flotilla::nnue::FEATURE_SET_KING_BUCKETS ? MAP_BYTES : 0;
    if (bytes.size() < 40 + std::size_t(n) + mapBytes)
        return fail("size does not match the header");
    flotilla::nnue::InputLayout layout;
    if (mapBytes) {
        std::string why;
        const auto l = flotilla::nnue::InputLayout::king_buckets(
            std::span<const std::uint8_t>(p + 36 + n, mapBytes), &why);
        if (!l) return fail("bad king bucket map");
        layout = *l;
    }
    const std::size_t features = std::size_t(layout.features());
    const std::size_t expected = 36 + std::size_t(n) + mapBytes + 2 * features * std::size_t(h) +
                                 2 * h + 2 * std::size_t(b) * 2 * h + 4 * b + 4;
    if (bytes.size() != expected) return fail("size does not match the header");
    if (crc32(p, bytes.size() - 4) != get<std::uint32_t>(p + bytes.size() - 4))
        return fail("CRC-32 mismatch");
    q->hidden = int(h);
    q->buckets = int(b);
    q->layout = layout;
    if (description) description->assign(reinterpret_cast<const char*>(p + 36), n);
    std::size_t at = 36 + n + mapBytes;
    auto read16 = [&](std::vector<std::int16_t>& v, std::size_t count) {
        v.resize(count);
        for (auto& x : v) x = get<std::int16_t>(p + at), at += 2;
    };
    read16(q->w, features * h);
    read16(q->bias, h);
    read16(q->o, std::size_t(b) * 2 * h);
    q->obias.resize(b);
    for (auto& x : q->obias) x = get<std::int32_t>(p + at), at += 4;
    return true;
}

bool write_network(const std::string& path, const QuantisedNet& q, const std::string& description,
                   std::string* error) {
    const std::vector<std::uint8_t> bytes = serialise(q, description);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out.flush()) {
        *error = "cannot write '" + path + "'";
        return false;
    }
    return true;
}

int reference_eval(const QuantisedNet& q, const Sample& s) {
    const int h = q.hidden;
    std::vector<std::int16_t> us(q.bias), them(q.bias);
    for (int k = 0; k < s.count; ++k)
        for (int i = 0; i < h; ++i) {
            us[i] = std::int16_t(us[i] + q.w[std::size_t(s.us[k]) * h + i]);
            them[i] = std::int16_t(them[i] + q.w[std::size_t(s.them[k]) * h + i]);
        }
    const int bucket = output_bucket(s.pieces, q.buckets);
    const std::int16_t* o = &q.o[std::size_t(bucket) * 2 * h];
    auto activation = [](std::int16_t x) {
        const std::int32_t c = std::clamp<std::int32_t>(x, 0, QA);
        return c * c;
    };
    std::uint32_t sum = 0; // int32 arithmetic that wraps, as the spec says
    for (int i = 0; i < h; ++i) {
        sum += std::uint32_t(activation(us[i]) * o[i]);
        sum += std::uint32_t(activation(them[i]) * o[h + i]);
    }
    const std::int32_t out = std::int32_t(sum) / QA + q.obias[bucket];
    return int(std::int64_t(out) * SCALE_INT / (QA * QB));
}

QuantisationError quantisation_error(const FloatNet& net, const QuantisedNet& q,
                                     std::span<const PackedRecord> records,
                                     std::span<const std::uint32_t> indices) {
    std::vector<double> diff(indices.size(), -1.0);
    tbb::parallel_for(std::size_t(0), indices.size(), [&](std::size_t i) {
        Sample s, plain; // the float net's features, and the exported net's
        if (decode(records[indices[i]], &s, net.layout, net.factoriser) &&
            decode(records[indices[i]], &plain, net.layout))
            diff[i] = std::abs(double(net.eval_cp(s)) - double(reference_eval(q, plain)));
    });
    QuantisationError e;
    double sum = 0;
    for (double d : diff)
        if (d >= 0) sum += d, e.maxCp = std::max(e.maxCp, d), ++e.positions;
    e.meanCp = e.positions ? sum / double(e.positions) : 0.0;
    return e;
}

} // namespace flotilla::tools::nnue
