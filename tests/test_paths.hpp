#pragma once
// Where the tests find the tool, the repository and the compiler. Defined in
// test_paths.cpp alone (the build passes the paths to that one file), so the
// other test objects do not depend on the folder the clone is in and a
// compiler cache serves them to a clone in another folder.

namespace test {

extern const char* const kEvalsynthBinary;  // the evalsynth built beside the tests
extern const char* const kSourceDir;        // the repository's root
extern const char* const kCxxCompiler;      // the C++ compiler of the build

}  // namespace test
