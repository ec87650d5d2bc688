#pragma once
// A small HTTP/1.x server for one resource, GET /metrics, on one thread: non-blocking sockets
// in a poll() loop, so a slow or stalled client only delays itself (it is dropped after
// kClientTimeoutMs); every request gets its answer and the connection is closed.
//   GET /metrics -> 200 with the body `render()` returns (called per request: fresh counters)
//   other method on /metrics -> 405 (Allow: GET); any other path -> 404; garbage -> 400
// (exporter/http_request.h decides, from the bytes received).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/error.h"
#include "exporter/http_request.h"

namespace hostmark::exporter {

struct ListenAddress {
  std::string host = "127.0.0.1";  // IPv4 or IPv6 literal ("::1"), or "localhost"
  std::uint16_t port = 9464;
};

// "127.0.0.1:9464", "[::1]:9464", "localhost:0", ":9464" (loopback). Usage error naming
// --listen otherwise.
Expected<ListenAddress> parse_listen_address(const std::string& text);

class HttpServer {
 public:
  static constexpr int kClientTimeoutMs = 10'000;
  static constexpr std::size_t kMaxClients = 64;

  // Binds and listens; a run error naming the address when it cannot.
  static Expected<std::shared_ptr<HttpServer>> listen(const ListenAddress& address);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // The address actually bound ("127.0.0.1:41234" when port 0 was asked).
  std::string bound_address() const { return bound_; }

  // Serves until `stop()` returns true (polled at least every 200 ms).
  void serve(const std::function<std::string()>& render, const std::function<bool()>& stop);

 private:
  explicit HttpServer(int fd, std::string bound) : fd_(fd), bound_(std::move(bound)) {}
  int fd_ = -1;
  std::string bound_;
};

}  // namespace hostmark::exporter
