#ifndef BREEZE_CSYSTEMD_SHIM_H
#define BREEZE_CSYSTEMD_SHIM_H
#include <systemd/sd-journal.h>
#include <systemd/sd-daemon.h>
/* glibc's malloc tuning (mallopt), for the daemon's memory use. */
#include <malloc.h>
#endif
