#ifndef BREEZE_CSYSTEMD_SHIM_H
#define BREEZE_CSYSTEMD_SHIM_H
#include <systemd/sd-journal.h>
#include <systemd/sd-daemon.h>
#endif
