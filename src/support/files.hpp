#pragma once
// Reading input files with a size cap, and writing output files safely: the
// one place where the tool touches file contents.

#include <cstddef>
#include <string>

namespace evalsynth {

// The whole of a text file; throws InputError ("cannot open the <what> file",
// a folder, or larger than `max_bytes`) located at the path. Reads at most
// max_bytes + 1 bytes, so a huge file or /dev/zero costs no memory.
std::string read_text_file(const std::string& path, const std::string& what,
                           std::size_t max_bytes = std::size_t{1} << 26);

// Writes `content` to `path` through a temporary file and a rename, so a
// reader never sees half a file and a failed write leaves the old one intact.
// Throws InputError (located at the path) on failure.
void write_file_atomically(const std::string& path, const std::string& content);

// Checks early that `path` can be written (its folder exists and is writable),
// so long work does not end in a failed write. Throws InputError.
void check_writable(const std::string& path);

}  // namespace evalsynth
