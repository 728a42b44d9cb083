#ifndef BREEZE_CCURL_SHIM_H
#define BREEZE_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// these typed wrappers are the only way in.
static inline CURLcode breeze_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode breeze_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode breeze_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode breeze_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*breeze_curl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode breeze_curl_setopt_data_callback(CURL *handle, CURLoption option, breeze_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
typedef int (*breeze_curl_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *context);
static inline CURLcode breeze_curl_setopt_debug_callback(CURL *handle, breeze_curl_debug_callback value) {
    return curl_easy_setopt(handle, CURLOPT_DEBUGFUNCTION, value);
}
// libcurl 7.69 to 8.1 (Debian 12 has 7.88) spell this option CURLOPT_MAIL_RCPT_ALLLOWFAILS;
// 8.2 added CURLOPT_MAIL_RCPT_ALLOWFAILS and kept the old name, so the old one builds on both.
static inline CURLcode breeze_curl_setopt_mail_rcpt_allowfails(CURL *handle, long value) {
    return curl_easy_setopt(handle, CURLOPT_MAIL_RCPT_ALLLOWFAILS, value);
}
static inline CURLcode breeze_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
#endif
