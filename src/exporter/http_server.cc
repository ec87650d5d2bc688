#include "exporter/http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <memory>
#include <vector>

namespace hostmark::exporter {
namespace {

using Clock = std::chrono::steady_clock;

struct Client {
  int fd = -1;
  std::string in, out;
  std::size_t sent = 0;
  bool answering = false;
  Clock::time_point deadline;
};

std::string response(const Route& r, const std::string& body, bool head_only) {
  std::string extra;
  if (r.status == 405) extra = "Allow: GET\r\n";
  const std::string content_type =
      r.status == 200 ? "text/plain; version=0.0.4; charset=utf-8" : "text/plain; charset=utf-8";
  const std::string text = r.status == 200 ? body : fmt::format("{} {}\n", r.status, r.reason);
  return fmt::format(
             "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{}Connection: "
             "close\r\n\r\n",
             r.status, r.reason, content_type, text.size(), extra) +
         (head_only ? std::string() : text);
}

bool set_nonblocking(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

}  // namespace

Expected<ListenAddress> parse_listen_address(const std::string& text) {
  const auto bad = [&](const std::string& why) -> Error {
    return usage_error("--listen", fmt::format("'{}' {}", text, why));
  };
  ListenAddress a;
  std::string port;
  if (!text.empty() && text[0] == '[') {
    const auto close = text.find("]:");
    if (close == std::string::npos) return bad("is not [IPv6]:PORT");
    a.host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos) return bad("is not HOST:PORT");
    if (colon > 0) a.host = text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string::npos || std::stoul(port) > 65535)
    return bad("has no port from 0 to 65535");
  a.port = static_cast<std::uint16_t>(std::stoul(port));
  return a;
}

Expected<std::shared_ptr<HttpServer>> HttpServer::listen(const ListenAddress& address) {
  const std::string where = fmt::format("{}:{}", address.host, address.port);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string port = std::to_string(address.port);
  if (const int rc = getaddrinfo(address.host.c_str(), port.c_str(), &hints, &found); rc != 0)
    return run_error("--listen " + where, gai_strerror(rc));
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> list(found, freeaddrinfo);
  int fd = socket(found->ai_family, found->ai_socktype | SOCK_CLOEXEC, 0);
  if (fd < 0) return run_error("--listen " + where, std::strerror(errno));
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  if (bind(fd, found->ai_addr, found->ai_addrlen) != 0 || ::listen(fd, 64) != 0 ||
      !set_nonblocking(fd)) {
    const std::string why = std::strerror(errno);
    close(fd);
    return run_error("--listen " + where, why);
  }
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len);
  char host[NI_MAXHOST] = "", serv[NI_MAXSERV] = "";
  getnameinfo(reinterpret_cast<sockaddr*>(&bound), len, host, sizeof host, serv, sizeof serv,
              NI_NUMERICHOST | NI_NUMERICSERV);
  const bool v6 = bound.ss_family == AF_INET6;
  const std::string text =
      v6 ? fmt::format("[{}]:{}", host, serv) : fmt::format("{}:{}", host, serv);
  return std::shared_ptr<HttpServer>(new HttpServer(fd, text));
}

HttpServer::~HttpServer() {
  if (fd_ >= 0) close(fd_);
}

void HttpServer::serve(const std::function<std::string()>& render,
                       const std::function<bool()>& stop) {
  std::vector<Client> clients;
  // After accept() fails for lack of descriptors (EMFILE, ENFILE, ENOBUFS) the listener stays
  // readable: it is left out of poll() for a while instead of spinning.
  Clock::time_point listen_again{};
  while (!stop()) {
    std::vector<pollfd> fds;
    const bool listening = clients.size() < kMaxClients && Clock::now() >= listen_again;
    fds.push_back({fd_, static_cast<short>(listening ? POLLIN : 0), 0});
    for (const auto& c : clients)
      fds.push_back({c.fd, static_cast<short>(c.answering ? POLLOUT : POLLIN), 0});
    const int ready = poll(fds.data(), fds.size(), 200);
    if (ready < 0 && errno != EINTR) break;
    const auto now = Clock::now();
    if (ready > 0 && (fds[0].revents & POLLIN)) {
      while (clients.size() < kMaxClients) {
        const int c = accept4(fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (c < 0) {
          if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED) {
            listen_again = now + std::chrono::milliseconds(100);
          }
          break;
        }
        clients.push_back({c, "", "", 0, false, now + std::chrono::milliseconds(kClientTimeoutMs)});
      }
    }
    for (std::size_t i = 0; i < clients.size(); ++i) {
      Client& c = clients[i];
      const short ev = i + 1 < fds.size() ? fds[i + 1].revents : 0;
      bool done = now > c.deadline || (ev & (POLLERR | POLLNVAL)) != 0;
      if (!done && !c.answering && (ev & (POLLIN | POLLHUP))) {
        char buf[2048];
        const ssize_t n = read(c.fd, buf, sizeof buf);
        if (n > 0) c.in.append(buf, static_cast<std::size_t>(n));
        const RequestVerdict v = judge_request(c.in, n == 0);
        if (v.complete) {
          c.out = response(v.route, v.route.status == 200 ? render() : std::string(), v.head_only);
          c.answering = true;
        } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
          done = true;
        }
      }
      if (!done && c.answering && (ev & POLLOUT)) {
        const ssize_t n = send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
        if (n > 0) c.sent += static_cast<std::size_t>(n);
        if (c.sent == c.out.size() || (n < 0 && errno != EAGAIN && errno != EINTR)) done = true;
      }
      if (done) {
        close(c.fd);
        c.fd = -1;
      }
    }
    std::erase_if(clients, [](const Client& c) { return c.fd < 0; });
  }
  for (const auto& c : clients) close(c.fd);
}

}  // namespace hostmark::exporter
