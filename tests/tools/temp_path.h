// Scratch files for the tools tests.
#pragma once

#include <filesystem>
#include <string>

#include <unistd.h>

namespace flotilla::tools::testing {

// A fresh path in the tests' temporary directory, unique per process.
inline std::filesystem::path temp_path(const std::string& name) {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / "flotilla_tools_tests";
    std::filesystem::create_directories(dir);
    const std::filesystem::path p = dir / (name + "_" + std::to_string(::getpid()));
    std::filesystem::remove(p);
    return p;
}

} // namespace flotilla::tools::testing
