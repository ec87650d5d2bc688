#pragma once
// The exporter's HTTP request handling as pure functions of the bytes a client sent, so tests
// and the fuzz target (fuzz/http_request_fuzz.cc) drive it without sockets.
//   GET (or HEAD) /metrics[?query] -> 200; another method on /metrics -> 405; another path ->
//   404; a first line that is not "METHOD PATH HTTP/..." -> 400; a head that is not complete
//   when the client closes or when it passes kMaxRequestBytes -> 400.
#include <cstddef>
#include <string>
#include <string_view>

namespace hostmark::exporter {

// The head (request line and headers) may take this many bytes; more is answered with 400.
inline constexpr std::size_t kMaxRequestBytes = 8192;

// What a request line asks for: the status and reason of the answer.
struct Route {
  int status = 200;
  std::string reason = "OK";
};
Route route_request(std::string_view request_head);

// What to do with `received`, everything a client has sent so far. `complete` false: wait for
// more (no blank line yet, at most kMaxRequestBytes, and the client has not closed its side).
// Otherwise `route` is the answer and `head_only` says the body is left out (a HEAD request).
struct RequestVerdict {
  bool complete = false;
  Route route;
  bool head_only = false;
};
RequestVerdict judge_request(std::string_view received, bool client_closed);

}  // namespace hostmark::exporter
