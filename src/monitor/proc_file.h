#pragma once
// Reading the small files of /proc and /sys in one place, with the errno kept: a collector
// must tell "the process is gone" (ENOENT, ESRCH) from "not allowed" (EACCES, EPERM).
#include <string>

namespace hostmark::monitor {

// Replaces `text` with the whole content of `path` (read with read(2) until end of file; the
// buffer is reused, so a caller reading many files allocates rarely). Returns 0 on success,
// else the errno of the failed open or read (`text` is then empty).
int read_proc_text(const std::string& path, std::string& text);
// The same for `name` relative to the directory open as `dirfd` (a /proc/PID directory opened
// once: the path is not walked again for each of its files).
int read_proc_text_at(int dirfd, const char* name, std::string& text);
// The whole file, or "" when it cannot be opened or read (a device removed meanwhile): for
// callers that need no reason.
std::string read_proc_file(const std::string& path);

}  // namespace hostmark::monitor
