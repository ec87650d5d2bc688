// The exporter's exposure (issue 9, security): it binds loopback unless told otherwise, and
// answers only GET (and HEAD) of /metrics; every other method is 405, every other path 404,
// whatever its spelling (traversal, absolute URI, case), and garbage 400.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "background_hostmark.h"
#include "exporter/http_request.h"
#include "exporter/http_server.h"

namespace hostmark::exporter {
namespace {

std::string ask_exporter(int port, const std::string& text) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string out;
  if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size())) {
    char buf[4096];
    for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;)
      out.append(buf, static_cast<std::size_t>(n));
  }
  close(fd);
  return out;
}

std::string status_of(int port, const std::string& request) {
  return ask_exporter(port, request).substr(0, 12);
}

// An HttpServer on the default address with port 0, serving on a thread of this test.
class LoopbackServer {
 public:
  LoopbackServer() {
    ListenAddress where;  // the default host
    where.port = 0;
    server_ = HttpServer::listen(where).value();
    thread_ = std::thread([this] {
      server_->serve([] { return std::string("hostmark_test_metric 1\n"); },
                     [this] { return stop_.load(); });
    });
  }
  ~LoopbackServer() {
    stop_ = true;
    thread_.join();
  }
  std::string bound() const { return server_->bound_address(); }
  int port() const { return std::stoi(bound().substr(bound().rfind(':') + 1)); }

 private:
  std::shared_ptr<HttpServer> server_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

TEST(ExporterSecurityTest, DefaultAddressIsLoopback) {
  EXPECT_EQ(ListenAddress{}.host, "127.0.0.1");
  EXPECT_EQ(parse_listen_address(":9464").value().host, "127.0.0.1");
  LoopbackServer server;
  EXPECT_EQ(server.bound().rfind("127.0.0.1:", 0), 0u) << server.bound();
}

TEST(ExporterSecurityTest, OnlyGetOfMetricsIsServed) {
  LoopbackServer server;
  const int port = server.port();
  const std::string ok = ask_exporter(port, "GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n");
  EXPECT_EQ(ok.substr(0, 12), "HTTP/1.1 200");
  EXPECT_NE(ok.find("hostmark_test_metric 1"), std::string::npos);
  const std::string head = ask_exporter(port, "HEAD /metrics HTTP/1.1\r\n\r\n");
  EXPECT_EQ(head.substr(0, 12), "HTTP/1.1 200");
  EXPECT_EQ(head.find("hostmark_test_metric"), std::string::npos);  // headers only

  for (const char* method :
       {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "get", "PROPFIND"}) {
    const std::string answer =
        ask_exporter(port, std::string(method) + " /metrics HTTP/1.1\r\n\r\n");
    EXPECT_EQ(answer.substr(0, 12), "HTTP/1.1 405") << method;
    EXPECT_NE(answer.find("Allow: GET"), std::string::npos) << method;
    EXPECT_EQ(answer.find("hostmark_test_metric"), std::string::npos) << method;
  }
  for (const char* path :
       {"/", "/metrics/", "/METRICS", "//metrics", "/metrics/../metrics", "/../../etc/passwd",
        "/metrics%00", "http://other/metrics", "*", "/debug/pprof", "/metrics.json"}) {
    EXPECT_EQ(status_of(port, std::string("GET ") + path + " HTTP/1.1\r\n\r\n"), "HTTP/1.1 404")
        << path;
  }
  for (const char* garbage :
       {"GET /metrics\r\n\r\n", "\r\n\r\n", "GET\r\n\r\n", "GET /metrics SPDY/3\r\n\r\n"}) {
    EXPECT_EQ(status_of(port, garbage), "HTTP/1.1 400") << garbage;
  }
  // A request that never ends its headers is cut at kMaxRequestBytes: 400, not a growing buffer.
  EXPECT_EQ(
      status_of(port, "GET /metrics HTTP/1.1\r\nX: " + std::string(kMaxRequestBytes + 10, 'a')),
      "HTTP/1.1 400");
}

// The command itself, without --listen: 127.0.0.1:9464 (skipped when another process holds it).
TEST(ExporterSecurityTest, CommandListensOnLoopbackByDefault) {
  ScratchDir dir;
  BackgroundHostmark exporter({"exporter"}, {}, dir);
  ASSERT_TRUE(exporter.started());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (exporter.err().find('\n') == std::string::npos &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const std::string said = exporter.err();
  exporter.signal(SIGINT);
  const int status = exporter.wait();
  if (said.find("Address already in use") != std::string::npos)
    GTEST_SKIP() << "port 9464 is taken here: " << said;
  EXPECT_EQ(said, "hostmark exporter: listening on http://127.0.0.1:9464/metrics\n");
  EXPECT_EQ(status, 0);
}

}  // namespace
}  // namespace hostmark::exporter
