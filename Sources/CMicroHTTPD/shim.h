#ifndef BREEZE_CMICROHTTPD_SHIM_H
#define BREEZE_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// libmicrohttpd's entry points are variadic (MHD_start_daemon, the logger) or take and return
// its closed enums; Swift can call neither comfortably. These few lines are the whole bridge:
// Swift hands over plain callbacks and numbers, the HTTP parsing stays libmicrohttpd's.

/// What the listener's Swift side is called with, on libmicrohttpd's thread.
struct breeze_mhd_callbacks {
    void *context;
    /// A complete request's head: answer it with breeze_mhd_answer; return 0 to drop the connection.
    int (*request)(void *context, struct MHD_Connection *connection, int socket, const char *method, const char *path);
    /// A connection opened (opened = 1) or is about to be closed (opened = 0; its socket is still open).
    void (*connection)(void *context, int socket, int opened);
    /// One message from libmicrohttpd's error log.
    void (*log)(void *context, const char *message);
};

/// How one daemon listens: an address to bind, or a listening socket to adopt.
struct breeze_mhd_settings {
    const struct sockaddr *address;  /* NULL when adopting `listen_socket` */
    int ipv6;
    int listen_socket;               /* -1 when binding `address` */
    unsigned int connection_limit;
    unsigned int per_address_limit;
    unsigned int idle_timeout_seconds;
    size_t memory_limit;
    unsigned int listen_backlog;
};

static enum MHD_Result breeze_mhd_access(
    void *context, struct MHD_Connection *connection, const char *url, const char *method,
    const char *version, const char *upload_data, size_t *upload_data_size, void **request_context) {
    (void)version; (void)upload_data; (void)upload_data_size; (void)request_context;
    struct breeze_mhd_callbacks *callbacks = context;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    int socket = info == NULL ? -1 : info->connect_fd;
    return callbacks->request(callbacks->context, connection, socket, method, url) ? MHD_YES : MHD_NO;
}

static void breeze_mhd_notify(
    void *context, struct MHD_Connection *connection, void **socket_context, enum MHD_ConnectionNotificationCode code) {
    (void)socket_context;
    struct breeze_mhd_callbacks *callbacks = context;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL) return;
    callbacks->connection(callbacks->context, info->connect_fd, code == MHD_CONNECTION_NOTIFY_STARTED);
}

static void breeze_mhd_log(void *context, const char *format, va_list arguments) {
    struct breeze_mhd_callbacks *callbacks = context;
    char message[512];
    vsnprintf(message, sizeof message, format, arguments);
    callbacks->log(callbacks->context, message);
}

// The request target's percent-encoding stays as sent, so the route table sees exactly the
// bytes the client wrote (an encoded "..", NUL or slash is just an unknown path).
static size_t breeze_mhd_keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
    (void)context; (void)connection;
    size_t length = 0;
    while (text[length] != '\0') length++;
    return length;
}

/// Starts one daemon with its own polling thread (epoll); NULL when it cannot listen.
static inline struct MHD_Daemon *breeze_mhd_start(
    const struct breeze_mhd_settings *settings, struct breeze_mhd_callbacks *callbacks) {
    unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG;
    if (settings->ipv6) flags |= MHD_USE_IPv6;
    struct MHD_OptionItem options[12];
    int count = 0;
    // The logger first, so libmicrohttpd reports problems with the other options through it.
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)(void *)breeze_mhd_log, callbacks};
    if (settings->address != NULL) {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)settings->address};
    } else {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_LISTEN_SOCKET, settings->listen_socket, NULL};
    }
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, settings->idle_timeout_seconds, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->memory_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_LISTEN_BACKLOG_SIZE, settings->listen_backlog, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)(void *)breeze_mhd_notify, callbacks};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)(void *)breeze_mhd_keep_escapes, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(flags, 0, NULL, NULL, breeze_mhd_access, callbacks,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// Queues one answer: `headers` holds name, value, name, value, …, then NULL. 1 when queued.
static inline int breeze_mhd_answer(
    struct MHD_Connection *connection, unsigned int status, const char *const *headers,
    const void *body, size_t length) {
    struct MHD_Response *response =
        MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return 0;
    for (int index = 0; headers[index] != NULL && headers[index + 1] != NULL; index += 2) {
        if (MHD_add_response_header(response, headers[index], headers[index + 1]) != MHD_YES) {
            MHD_destroy_response(response);
            return 0;
        }
    }
    enum MHD_Result queued = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return queued == MHD_YES;
}

/// The daemon's listening socket, or -1.
static inline int breeze_mhd_listen_socket(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    return info == NULL ? -1 : info->listen_fd;
}
#endif
