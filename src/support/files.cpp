#include "support/files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "support/error.hpp"

namespace evalsynth {

std::string read_file_prefix(const std::string& path, const std::string& what, std::size_t max_bytes) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw InputError(TextLocation{path, 1, 1}, "this is a folder; expected a " + what + " file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(TextLocation{path, 1, 1}, "cannot open the " + what + " file");
  std::string text;
  char buffer[1 << 16];
  while (in && text.size() < max_bytes) {
    in.read(buffer, static_cast<std::streamsize>(std::min(sizeof buffer, max_bytes - text.size())));
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw InputError(TextLocation{path, 1, 1}, "cannot read the " + what + " file");
  return text;
}

std::string read_text_file(const std::string& path, const std::string& what, std::size_t max_bytes) {
  // One byte past the cap tells a file at the cap from a larger one.
  std::string text = read_file_prefix(path, what, max_bytes + 1);
  // Some editors begin UTF-8 files with a byte-order mark; it is not content.
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  if (text.size() > max_bytes) {
    const std::string limit = max_bytes >= (std::size_t{1} << 20) ? std::to_string(max_bytes >> 20) + " MiB"
                                                                  : std::to_string(max_bytes) + " bytes";
    throw InputError(TextLocation{path, 1, 1}, what + " file larger than " + limit);
  }
  return text;
}

namespace {
bool writes_enabled = true;
}  // namespace

void set_file_writes(bool enabled) { writes_enabled = enabled; }
bool file_writes_enabled() { return writes_enabled; }

namespace {

void sync_folder_of(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  const int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

}  // namespace

namespace {

std::string temporary_of(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

// Writes `content` beside `path` under its temporary name (removed on failure).
void write_temporary(const std::string& path, const std::string& content, bool durable) {
  const std::string temporary = temporary_of(path);
  auto fail = [&] {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    throw InputError(TextLocation{path, 1, 1}, "cannot write the file: " + reason);
  };
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  if (!f) fail();
  const bool written = std::fwrite(content.data(), 1, content.size(), f) == content.size();
  const bool flushed = std::fflush(f) == 0 && (!durable || ::fsync(::fileno(f)) == 0);
  if (std::fclose(f) != 0 || !written || !flushed) fail();
}

void replace_by_temporary(const std::string& path) {
  if (std::rename(temporary_of(path).c_str(), path.c_str()) == 0) return;
  const std::string reason = std::strerror(errno);
  std::remove(temporary_of(path).c_str());
  throw InputError(TextLocation{path, 1, 1}, "cannot replace the file: " + reason);
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& content, bool durable) {
  if (!writes_enabled) return;
  write_temporary(path, content, durable);
  replace_by_temporary(path);
  // The rename is durable once the folder is synced too. Best effort: some
  // file systems do not sync folders, and the file itself is complete anyway.
  if (durable) sync_folder_of(path);
}

void write_files_together(const std::vector<std::pair<std::string, std::string>>& files) {
  if (!writes_enabled) return;
  for (std::size_t i = 0; i < files.size(); ++i) try {
      write_temporary(files[i].first, files[i].second, true);
    } catch (const InputError&) {
      for (std::size_t j = 0; j < i; ++j) std::remove(temporary_of(files[j].first).c_str());
      throw;
    }
  for (const auto& [path, content] : files) replace_by_temporary(path);
  for (const auto& [path, content] : files) sync_folder_of(path);
}

void sync_to_disk(const std::string& path) {
  const int file = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file < 0) return;
  ::fsync(file);
  ::close(file);
  sync_folder_of(path);
}

void check_writable(const std::string& path) {
  if (!writes_enabled) return;
  if (path.empty()) throw InputError(TextLocation{"<empty file name>", 1, 1}, "an output file needs a name");
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw InputError(TextLocation{path, 1, 1}, "this is a folder; expected a file to write");
  // Mode bits, not access(): as root access() allows everything, and the
  // atomic rename would replace a file its owner marked read-only.
  const auto permissions = std::filesystem::status(path, ignored).permissions();
  constexpr auto kAnyWrite =
      std::filesystem::perms::owner_write | std::filesystem::perms::group_write | std::filesystem::perms::others_write;
  if (std::filesystem::exists(path, ignored) && (permissions & kAnyWrite) == std::filesystem::perms::none)
    throw InputError(TextLocation{path, 1, 1}, "this file is read-only; make it writable or choose another name");
  const std::string probe = path + ".tmp." + std::to_string(::getpid());
  std::FILE* f = std::fopen(probe.c_str(), "wb");
  if (!f) throw InputError(TextLocation{path, 1, 1}, std::string("cannot write here: ") + std::strerror(errno));
  std::fclose(f);
  std::remove(probe.c_str());
}

void check_folder_creatable(const std::string& folder, const std::string& what) {
  if (!writes_enabled) return;
  namespace fs = std::filesystem;
  std::error_code ignored;
  if (fs::is_directory(folder, ignored)) {
    check_writable(folder + "/.evalsynth-probe");
    return;
  }
  fs::path parent = fs::absolute(folder, ignored);
  while (!parent.empty() && !fs::exists(parent, ignored) && parent != parent.parent_path())
    parent = parent.parent_path();
  if (!fs::is_directory(parent, ignored))
    throw InputError(TextLocation{folder, 1, 1},
                     "cannot create the " + what + ": " + parent.string() + " is not a folder");
  // Trying is the only sure test: as root access() says yes to everything,
  // and some file systems (/proc, read-only mounts) refuse anyway.
  const fs::path probe = parent / (".evalsynth-probe." + std::to_string(::getpid()));
  if (::mkdir(probe.c_str(), 0700) != 0)
    throw InputError(TextLocation{folder, 1, 1},
                     "cannot create the " + what + " in " + parent.string() + ": " + std::strerror(errno));
  ::rmdir(probe.c_str());
}

bool same_file(const std::string& a, const std::string& b) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::exists(a, error) && fs::exists(b, error)) {
    const bool same = fs::equivalent(a, b, error);
    if (!error) return same;
  }
  const fs::path ca = fs::weakly_canonical(a, error);
  if (error) return fs::path(a).lexically_normal() == fs::path(b).lexically_normal();
  const fs::path cb = fs::weakly_canonical(b, error);
  if (error) return fs::path(a).lexically_normal() == fs::path(b).lexically_normal();
  return ca == cb;
}

void check_outputs(const std::vector<FileRole>& outputs, const std::vector<FileRole>& inputs, bool probe) {
  if (!writes_enabled) return;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const FileRole& out = outputs[i];
    if (out.path.empty()) throw UsageError(out.role + " needs a file name, not an empty one");
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(outputs[j].path, out.path))
        throw InputError(TextLocation{out.path, 1, 1},
                         out.role + " and " + outputs[j].role + " name the same file; one would be lost");
    for (const FileRole& in : inputs)
      if (same_file(in.path, out.path))
        throw InputError(TextLocation{out.path, 1, 1},
                         out.role + " names " + in.role + ", which writing it would replace");
    if (probe) check_writable(out.path);
  }
}

}  // namespace evalsynth
