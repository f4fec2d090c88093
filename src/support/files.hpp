#pragma once
// Writing output files safely.

#include <string>

namespace evalsynth {

// Writes `content` to `path` through a temporary file and a rename, so a
// reader never sees half a file and a failed write leaves the old one intact.
// Throws InputError (located at the path) on failure.
void write_file_atomically(const std::string& path, const std::string& content);

// Checks early that `path` can be written (its folder exists and is writable),
// so long work does not end in a failed write. Throws InputError.
void check_writable(const std::string& path);

}  // namespace evalsynth
