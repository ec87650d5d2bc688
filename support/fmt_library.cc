// fmt's compiled part, built once here (library hostmark_fmt) instead of in every file that
// includes <fmt/format.h>, which FMT_HEADER_ONLY did at 3-5 s of compile per file. Debian ships
// fmt as headers plus libfmt.so only, and loading libfmt.so would also load libstdc++.so at
// every start of the static-libstdc++ binary. The functions fmt declares but does not define
// inline are defined by format-inl.h; the templates below are the ones format.h declares
// `extern template` or calls without a definition in view (the link says which).
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;
template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template auto decimal_point_impl(locale_ref) -> wchar_t;
template void buffer<char>::append(const char*, const char*);
}  // namespace detail
FMT_END_NAMESPACE
