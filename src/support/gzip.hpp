#pragma once
// gzip compression for files the tool writes in bulk (game records): a
// results folder keeps every game of a match at a quarter of the size, and
// the readers take either form, told apart by gzip's magic bytes.

#include <cstddef>
#include <string>
#include <string_view>

namespace evalsynth {

// True when `bytes` begins like a gzip stream (0x1f 0x8b).
bool is_gzip(std::string_view bytes);

// `text` as one gzip stream. Deterministic: no time stamp or file name in
// the header, so the same text gives the same bytes (a committed file only
// changes when its games do).
std::string gzip_compress(std::string_view text);

// The text a gzip stream holds (concatenated members too). Throws
// InputError located at `path` when the stream is damaged or truncated, or
// would expand beyond `max_bytes` (so a small hostile file cannot exhaust
// memory).
std::string gzip_decompress(std::string_view bytes, const std::string& path, std::size_t max_bytes);

// True when a path names a compressed file by its extension (".gz").
bool names_gzip_file(std::string_view path);

}  // namespace evalsynth
