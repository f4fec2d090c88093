#include "games/connect4/solved_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>

#include "support/error.hpp"
#include "support/files.hpp"

namespace evalsynth::connect4 {
namespace {

// A store file larger than this is refused (it would hold far more than
// kStoreMaxEntries positions).
constexpr std::size_t kStoreMaxFileBytes = std::size_t{1} << 28;

// The file open and locked for the lifetime of the object.
class LockedFile {
 public:
  explicit LockedFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) fail("cannot open it for appending");
    while (::flock(fd_, LOCK_EX) != 0)
      if (errno != EINTR) fail("cannot lock it");
  }
  ~LockedFile() { ::close(fd_); }  // closing drops the lock
  LockedFile(const LockedFile&) = delete;
  LockedFile& operator=(const LockedFile&) = delete;

  std::size_t size() {
    struct stat s {};
    if (::fstat(fd_, &s) != 0) fail("cannot read its size");
    return static_cast<std::size_t>(s.st_size);
  }
  std::string read(std::size_t from, std::size_t to) {
    std::string bytes(to - from, '\0');
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::pread(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(from + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail("cannot read it");
      done += static_cast<std::size_t>(n);
    }
    return bytes;
  }
  void truncate(std::size_t size) {
    if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) fail("cannot cut off its torn tail");
  }
  void append(std::size_t at, const std::string& bytes) {
    for (std::size_t done = 0; done < bytes.size();) {
      const ssize_t n = ::pwrite(fd_, bytes.data() + done, bytes.size() - done, static_cast<off_t>(at + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail("cannot append to it");
      done += static_cast<std::size_t>(n);
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw InputError(TextLocation{path_}, "the store of solved positions: " + what + " (" + std::strerror(errno) +
                                              "); set EVALSYNTH_STORE to another file, or to off");
  }
  std::string path_;
  int fd_ = -1;
};

// Whether `incoming` tells more than `held` (an exact score more than a class).
bool tells_more(std::int8_t incoming, std::int8_t held) { return is_exact(incoming) && !is_exact(held); }

int outcome_of(std::int8_t value) { return is_exact(value) ? (value > 0) - (value < 0) : value - kOutcomeOnly; }

}  // namespace

SolvedStore::SolvedStore(std::string path) : path_(std::move(path)) {
  std::error_code error;
  if (!std::filesystem::exists(path_, error)) return;
  const std::string bytes = read_file_prefix(path_, "store of solved positions", kStoreMaxFileBytes + 1);
  if (bytes.size() > kStoreMaxFileBytes)
    throw InputError(TextLocation{path_}, "the store of solved positions is larger than " +
                                              std::to_string(kStoreMaxFileBytes >> 20) + " MB");
  const std::unique_lock lock(mutex_);
  const StoreScan scan = scan_store_frames(bytes, 0, path_, [&](const StoredValue& e) { merge(e); });
  // A torn tail stays unread: the next flush cuts it off, under the lock.
  file_offset_ = scan.good_bytes;
}

SolvedStore::~SolvedStore() {
  try {
    if (!unwritable_) flush();
  } catch (const std::exception& e) {
    std::cerr << "evalsynth: warning: " << e.what() << "\n";
  }
}

void SolvedStore::merge(const StoredValue& e) {
  const auto found = values_.find(e.key);
  if (found == values_.end()) {
    if (values_.size() < kStoreMaxEntries) values_.emplace(e.key, e.value);
  } else if (tells_more(e.value, found->second)) {
    found->second = e.value;
  }
}

std::size_t SolvedStore::size() const {
  const std::shared_lock lock(mutex_);
  return values_.size();
}

std::optional<int> SolvedStore::exact(std::uint64_t key) {
  lookups_.fetch_add(1, std::memory_order_relaxed);
  const std::shared_lock lock(mutex_);
  const auto found = values_.find(key);
  if (found == values_.end() || !is_exact(found->second)) return std::nullopt;
  hits_.fetch_add(1, std::memory_order_relaxed);
  return found->second;
}

std::optional<int> SolvedStore::outcome(std::uint64_t key) {
  lookups_.fetch_add(1, std::memory_order_relaxed);
  const std::shared_lock lock(mutex_);
  const auto found = values_.find(key);
  if (found == values_.end()) return std::nullopt;
  hits_.fetch_add(1, std::memory_order_relaxed);
  return outcome_of(found->second);
}

void SolvedStore::add_exact(std::uint64_t key, int score) {
  assert(score >= -21 && score <= 21);
  add(key, static_cast<std::int8_t>(score));
}

void SolvedStore::add_outcome(std::uint64_t key, int outcome) {
  assert(outcome >= -1 && outcome <= 1);
  add(key, static_cast<std::int8_t>(kOutcomeOnly + outcome));
}

void SolvedStore::add(std::uint64_t key, std::int8_t value) {
  bool due = false;
  {
    const std::unique_lock lock(mutex_);
    const std::size_t before = values_.size();
    const auto found = values_.find(key);
    const bool news = found == values_.end() ? before < kStoreMaxEntries : tells_more(value, found->second);
    if (!news) return;
    merge({key, value});
    pending_.push_back({key, value});
    due = pending_.size() >= kStoreFlushEntries ||
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last_flush_).count() >= kStoreFlushSeconds;
  }
  if (!due) return;
  // One thread appends; the others go on solving. A store that cannot be
  // written is said once and then kept in memory only: the solving goes on.
  const std::unique_lock flushing(flush_mutex_, std::try_to_lock);
  if (!flushing.owns_lock() || unwritable_) return;
  try {
    flush_locked();
  } catch (const std::exception& e) {
    unwritable_ = true;
    std::cerr << "evalsynth: warning: " << e.what() << "; the positions solved now are not kept\n";
  }
}

void SolvedStore::flush() {
  const std::unique_lock flushing(flush_mutex_);
  flush_locked();
}

void SolvedStore::flush_locked() {
  std::vector<StoredValue> mine;
  {
    const std::unique_lock lock(mutex_);
    mine.swap(pending_);
    last_flush_ = std::chrono::steady_clock::now();
  }
  const std::uint64_t lookups = lookups_.load(), hits = hits_.load();
  if (mine.empty() && lookups == lookups_written_) return;
  LockedFile file(path_);
  // What others appended since this process last read, merged first; a torn
  // tail (a writer killed mid-frame) cut off.
  const std::size_t end = file.size();
  std::vector<StoredValue> theirs;
  if (end > file_offset_) {
    const std::string bytes = file.read(file_offset_, end);
    const StoreScan scan = scan_store_frames(bytes, 0, path_, [&](const StoredValue& e) { theirs.push_back(e); });
    if (scan.torn_bytes > 0) file.truncate(file_offset_ + scan.good_bytes);
    file_offset_ += scan.good_bytes;
  } else if (end < file_offset_) {
    file_offset_ = end;  // replaced by a shorter file (store merge writes whole files)
  }
  // Each key once, an exact score before a class; none another wrote as well.
  std::sort(mine.begin(), mine.end(), [](const StoredValue& a, const StoredValue& b) {
    return a.key != b.key ? a.key < b.key : is_exact(a.value) > is_exact(b.value);
  });
  mine.erase(
      std::unique(mine.begin(), mine.end(), [](const StoredValue& a, const StoredValue& b) { return a.key == b.key; }),
      mine.end());
  std::sort(theirs.begin(), theirs.end(), [](const StoredValue& a, const StoredValue& b) { return a.key < b.key; });
  std::erase_if(mine, [&](const StoredValue& e) {
    const auto found = std::lower_bound(theirs.begin(), theirs.end(), e.key,
                                        [](const StoredValue& t, std::uint64_t key) { return t.key < key; });
    return found != theirs.end() && found->key == e.key && !tells_more(e.value, found->value);
  });
  // One frame (more only past kStoreFrameMaxEntries); one without entries
  // still counts this process's lookups, for the hit rate.
  std::size_t from = 0;
  do {
    const std::size_t to = std::min(mine.size(), from + kStoreFrameMaxEntries);
    const std::vector<StoredValue> part(mine.begin() + static_cast<std::ptrdiff_t>(from),
                                        mine.begin() + static_cast<std::ptrdiff_t>(to));
    const std::string frame =
        encode_store_frame(part, from == 0 ? lookups - lookups_written_ : 0, from == 0 ? hits - hits_written_ : 0);
    file.append(file_offset_, frame);
    file_offset_ += frame.size();
    from = to;
  } while (from < mine.size());
  lookups_written_ = lookups;
  hits_written_ = hits;
  const std::unique_lock lock(mutex_);
  for (const StoredValue& e : theirs) merge(e);
}

std::string store_path_from_environment() {
  if (const char* named = std::getenv("EVALSYNTH_STORE")) return std::string(named) == "off" ? "" : std::string(named);
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (cache && *cache) return std::string(cache) + "/evalsynth/connect4.store";
  if (home && *home) return std::string(home) + "/.cache/evalsynth/connect4.store";
  return "";
}

SolvedStore* process_store() {
  static const std::unique_ptr<SolvedStore> store = []() -> std::unique_ptr<SolvedStore> {
    const std::string path = store_path_from_environment();
    if (path.empty()) return nullptr;
    try {
      std::error_code error;
      const std::filesystem::path folder = std::filesystem::path(path).parent_path();
      if (!folder.empty()) std::filesystem::create_directories(folder, error);
      return std::make_unique<SolvedStore>(path);
    } catch (const std::exception& e) {
      std::cerr << "evalsynth: warning: " << e.what() << "; solving without the store\n";
      return nullptr;
    }
  }();
  return store.get();
}

}  // namespace evalsynth::connect4
