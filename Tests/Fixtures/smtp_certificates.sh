#!/bin/sh
# Makes a throwaway certificate authority and a server certificate it signed, for the SMTP
# fixture (Tests/Fixtures/smtp_server.py --starttls / --implicit-tls) and CAFile=.
#
#     Tests/Fixtures/smtp_certificates.sh DIR
#
# Writes DIR/ca.pem (the authority: what CAFile= names), DIR/server.pem and DIR/server.key
# (for localhost and 127.0.0.1, valid for a day). Needs openssl.
set -eu
dir=$1
cd "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj "/CN=Breeze test authority" -keyout ca.key -out ca.pem \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
    -subj "/CN=localhost" -keyout server.key -out server.csr 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 \
    -extfile server.ext -out server.pem 2>/dev/null
rm -f server.csr server.ext ca.srl
