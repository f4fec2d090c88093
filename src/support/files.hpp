#pragma once
// Reading input files with a size cap, and writing output files safely: the
// one place where the tool touches file contents.

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace evalsynth {

// The whole of a text file, without a leading UTF-8 byte-order mark; throws
// InputError ("cannot open the <what> file", a folder, or larger than
// `max_bytes`) located at the path. Reads at most max_bytes + 1 bytes, so a
// huge file or /dev/zero costs no memory.
std::string read_text_file(const std::string& path, const std::string& what,
                           std::size_t max_bytes = std::size_t{1} << 26);

// The first `max_bytes` bytes of a file (all of it if shorter), with the
// same errors as read_text_file for a folder or an unreadable file.
std::string read_file_prefix(const std::string& path, const std::string& what, std::size_t max_bytes);

// Writes `content` to `path` through a temporary file and a rename, so a
// reader never sees half a file and a failed write leaves the old one intact.
// Throws InputError (located at the path) on failure. With `durable` the
// file and its folder are synced to the disk before it returns; without,
// the file is complete for every process at once (it survives the writer's
// death) and sync_to_disk makes it survive the machine's crash too.
void write_file_atomically(const std::string& path, const std::string& content, bool durable = true);

// Several files that belong together (a run's three position sets): every
// one is written completely and synced under a temporary name first, and
// only then are they renamed into place, one after another, so a failure or
// a kill during the writing replaces none of them.
void write_files_together(const std::vector<std::pair<std::string, std::string>>& files);

// Syncs a file and its folder to the disk, best effort (a file gone
// meanwhile is no error). Safe to call from another thread.
void sync_to_disk(const std::string& path);

// A process that writes nothing (the other ranks of a command run under
// mpirun: rank 0 writes its output): write_file_atomically and the output
// checks below then do nothing.
void set_file_writes(bool enabled);
bool file_writes_enabled();

// Checks early that `path` can be written (its folder exists and is writable,
// and it is not a folder or a read-only file), so long work does not end in
// a failed write or replace a file its owner protected.
// Throws InputError.
void check_writable(const std::string& path);

// Checks early that `folder` exists and takes new files, or can be created
// (its nearest existing ancestor takes a new folder): by trying, and undoing
// it. `what` names it in the message ("results folder"). Throws InputError.
void check_folder_creatable(const std::string& folder, const std::string& what);

// True when the two paths name the same file: the same existing file (links
// included), or the same place once `.`, `..` and symbolic links are resolved.
bool same_file(const std::string& a, const std::string& b);

// A file a command reads or writes, with what the user called it ("--csv",
// "the boards file").
struct FileRole {
  std::string path;
  std::string role;
};

// The check every command makes before its work: each output writable, no
// two outputs the same file (one would be lost), no output the same file as
// an input (the input would be replaced). Throws InputError at the path.
// `probe`: also try creating each output (its folder must exist).
void check_outputs(const std::vector<FileRole>& outputs, const std::vector<FileRole>& inputs = {}, bool probe = true);

}  // namespace evalsynth
