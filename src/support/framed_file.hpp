#pragma once
// The frame around every binary file evalsynth writes (checkpoints, models):
//
//   bytes 0..7    magic, eight characters naming the kind of file
//   bytes 8..11   format version, little-endian u32
//   bytes 12..19  payload length in bytes, little-endian u64
//   bytes 20..27  FNV-1a hash of the payload, little-endian u64
//   bytes 28..    payload
//
// The length and hash are checked before anything reads the payload, so a
// truncated or damaged file is reported as such instead of being half-read,
// and a file is read only as far as its header says.

#include <array>
#include <cstdint>
#include <string>

namespace evalsynth {

inline constexpr std::size_t kFrameHeaderBytes = 28;

struct FrameKind {
  std::array<char, 8> magic;
  std::string what;               // "checkpoint", "model": used in messages
  std::uint32_t oldest_version;   // still read
  std::uint32_t current_version;  // written
  std::uint64_t max_payload;      // a header promising more is damaged
};

struct Frame {
  std::uint32_t version = 0;
  std::string payload;
};

// The framed bytes of `payload`, at the kind's current version.
std::string encode_frame(const FrameKind& kind, const std::string& payload);

// Checks magic, version, length and checksum; throws InputError located at
// `source_name` (1:1) saying what is wrong.
Frame decode_frame(const FrameKind& kind, const std::string& bytes, const std::string& source_name);

// Reads and decodes a whole file, reading no more than its header promises
// (plus one byte, so trailing garbage is still reported).
Frame read_frame_file(const FrameKind& kind, const std::string& path);

// Whether the file begins with the kind's magic (false if unreadable).
bool has_frame_magic(const FrameKind& kind, const std::string& path);

}  // namespace evalsynth
