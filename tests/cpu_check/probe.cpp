// A stand-in for the engine: built with the build's -march (x86-64-v3 or native), its static
// initialiser and main() execute BMI2 and AVX2 instructions. Linked with the start-up CPU check
// (flotilla_add_executable) it must stop with that check's error on an older CPU; linked
// without it (the control) it dies with SIGILL, which shows the check is what makes the difference.
#include <cstdint>
#include <cstdio>
#include <immintrin.h>

#if !defined(__BMI2__) || !defined(__AVX2__)
#error "the CPU check probe needs a build with AVX2 and BMI2 (x86-64-v3 or native)"
#endif

namespace {

// volatile: the compiler cannot fold the instructions below away at compile time.
const volatile std::uint64_t PROBE_INPUT = 0xF0F0'F0F0'F0F0'F0F0ull;

// BMI2: gathers bits 16..31 of the input, 0xF0F0.
std::uint64_t extract_with_pext() { return _pext_u64(PROBE_INPUT, 0x0000'0000'FFFF'0000ull); }

// AVX2: broadcasts the low byte (0xF0 = 240) to eight lanes and doubles it, 480.
int double_with_avx2() {
    const __m256i lanes = _mm256_set1_epi32(static_cast<int>(PROBE_INPUT & 0xFF));
    return _mm256_extract_epi32(_mm256_add_epi32(lanes, lanes), 7);
}

// Dynamic initialisation: runs before main(), after the CPU check's priority-101 constructor.
const std::uint64_t PEXT_AT_STARTUP = extract_with_pext();

} // namespace

int main() {
    const std::uint64_t pext_in_main = extract_with_pext();
    const int avx2_in_main = double_with_avx2();
    if (PEXT_AT_STARTUP != 0xF0F0 || pext_in_main != 0xF0F0 || avx2_in_main != 480) {
        std::fprintf(stderr, "probe: wrong results: pext %llx/%llx, avx2 %d\n",
                     static_cast<unsigned long long>(PEXT_AT_STARTUP),
                     static_cast<unsigned long long>(pext_in_main), avx2_in_main);
        return 1;
    }
    std::printf("probe: BMI2 and AVX2 instructions ran\n");
    return 0;
}
