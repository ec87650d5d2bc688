#include "exporter/http_request.h"

namespace hostmark::exporter {

Route route_request(std::string_view head) {
  const std::string_view line = head.substr(0, head.find("\r\n"));
  const auto sp1 = line.find(' ');
  const auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp1 == std::string_view::npos || sp2 == std::string_view::npos ||
      line.substr(sp2 + 1, 5) != "HTTP/")
    return {400, "Bad Request"};
  const std::string_view method = line.substr(0, sp1);
  std::string_view path = line.substr(sp1 + 1, sp2 - sp1 - 1);
  path = path.substr(0, path.find('?'));
  if (path != "/metrics") return {404, "Not Found"};
  if (method != "GET" && method != "HEAD") return {405, "Method Not Allowed"};
  return {200, "OK"};
}

RequestVerdict judge_request(std::string_view received, bool client_closed) {
  const bool head_complete = received.find("\r\n\r\n") != std::string_view::npos ||
                             received.find("\n\n") != std::string_view::npos;
  if (!head_complete && !client_closed && received.size() <= kMaxRequestBytes) return {};
  RequestVerdict v;
  v.complete = true;
  v.route = head_complete ? route_request(received) : Route{400, "Bad Request"};
  v.head_only = received.substr(0, 5) == "HEAD ";
  return v;
}

}  // namespace hostmark::exporter
