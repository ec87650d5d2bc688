// The exporter's request handling as a pure function (exporter/http_request.h), and the server
// loop on its own thread in this process (so the ThreadSanitizer build sees render() and stop()
// called from the serving thread while the test thread reads the answers).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <thread>

#include "exporter/http_server.h"

namespace hostmark::exporter {
namespace {

TEST(ExporterRequest, WaitsForTheBlankLineThenAnswers) {
  EXPECT_FALSE(judge_request("GET /metrics HTTP/1.1\r\nHost: x\r\n", false).complete);
  const RequestVerdict v = judge_request("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", false);
  EXPECT_TRUE(v.complete);
  EXPECT_EQ(v.route.status, 200);
  EXPECT_FALSE(v.head_only);
  const RequestVerdict head = judge_request("HEAD /metrics HTTP/1.0\n\n", false);
  EXPECT_TRUE(head.complete);
  EXPECT_EQ(head.route.status, 200);
  EXPECT_TRUE(head.head_only);
}

TEST(ExporterRequest, CutOffOrOversizedHeadsAreBadRequests) {
  const RequestVerdict closed = judge_request("GET /metrics HTTP/1.1\r\nHost", true);
  EXPECT_TRUE(closed.complete);
  EXPECT_EQ(closed.route.status, 400);
  EXPECT_TRUE(judge_request("", true).complete);
  const std::string endless = "GET /metrics HTTP/1.1\r\nX: " + std::string(kMaxRequestBytes, 'a');
  EXPECT_EQ(judge_request(endless, false).route.status, 400);
  EXPECT_FALSE(judge_request(endless.substr(0, kMaxRequestBytes), false).complete);
  EXPECT_EQ(judge_request("GET /metrics HTTP/\r\n\r\n", false).route.status, 200);
  EXPECT_EQ(judge_request("GET /metrics\r\n\r\n", false).route.status, 400);
  EXPECT_EQ(judge_request("GET  HTTP/1.1\r\n\r\n", false).route.status, 404);
}

// One request over loopback; the whole answer (the server closes the connection).
std::string ask(std::uint16_t port, const std::string& request) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return "socket failed";
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(port);
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string answer;
  if (connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0 &&
      send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
          static_cast<ssize_t>(request.size())) {
    char buf[4096];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) answer.append(buf, static_cast<std::size_t>(n));
  }
  close(fd);
  return answer;
}

TEST(ExporterServeThread, AnswersEachRequestAndStopsWhenAsked) {
  auto server = HttpServer::listen(ListenAddress{"127.0.0.1", 0});
  ASSERT_TRUE(server.ok()) << server.error().message();
  const std::string bound = server.value()->bound_address();
  const auto port = static_cast<std::uint16_t>(std::stoul(bound.substr(bound.rfind(':') + 1)));
  std::atomic<int> renders{0};
  std::atomic<bool> stop{false};
  std::thread serving([&] {
    server.value()->serve(
        [&] { return "hostmark_up " + std::to_string(renders.fetch_add(1) + 1) + "\n"; },
        [&] { return stop.load(); });
  });
  const std::string first = ask(port, "GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n");
  const std::string second = ask(port, "GET /metrics HTTP/1.1\r\n\r\n");
  const std::string missing = ask(port, "GET /nothing HTTP/1.1\r\n\r\n");
  const std::string post = ask(port, "POST /metrics HTTP/1.1\r\n\r\n");
  stop = true;
  serving.join();
  EXPECT_EQ(first.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << first;
  EXPECT_NE(first.find("\r\n\r\nhostmark_up 1\n"), std::string::npos) << first;
  EXPECT_NE(second.find("\r\n\r\nhostmark_up 2\n"), std::string::npos) << second;
  EXPECT_EQ(missing.rfind("HTTP/1.1 404 Not Found\r\n", 0), 0u) << missing;
  EXPECT_EQ(post.rfind("HTTP/1.1 405 Method Not Allowed\r\n", 0), 0u) << post;
  EXPECT_NE(post.find("Allow: GET\r\n"), std::string::npos) << post;
  EXPECT_EQ(renders.load(), 2);  // only the 200 answers render the metrics
}

}  // namespace
}  // namespace hostmark::exporter
