#ifndef BREEZE_CCRYPTO_SHIM_H
#define BREEZE_CCRYPTO_SHIM_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
