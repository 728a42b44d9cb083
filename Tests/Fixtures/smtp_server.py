#!/usr/bin/python3
"""An SMTP submission server for Breeze's tests, on 127.0.0.1 (Debian's python3-aiosmtpd).

    /usr/bin/python3 Tests/Fixtures/smtp_server.py --port 0 --events FILE --spool DIR
        [--mode MODE] [--starttls CERT KEY | --implicit-tls CERT KEY] [--user NAME --password WORD]
        [--refuse ADDRESS]...

Prints ``PORT <n>`` as its first stdout line, then serves until its stdin reaches EOF (or
SIGTERM). Run it with /usr/bin/python3, which sees Debian's python3-aiosmtpd.

Every step is appended to FILE as one JSON line, flushed at once: {"event": "connect"},
{"event": "starttls"}, {"event": "auth", "user", "tls"}, {"event": "mail", "from", "tls",
"answer"}, {"event": "rcpt", "to", "answer"}, {"event": "data", "from", "to", "file",
"answer"}. Each accepted message is written as it arrived (dot-unstuffed) to
DIR/message-<n>.eml, for Tests/Fixtures/mail_checker.py to read with policy.strict.

Modes:
  accept            take every message (the default); --refuse ADDRESS answers that recipient
                    550 and takes the others
  tempfail-first    answer the first MAIL FROM with 421, then take every message
  refuse-all        answer every RCPT TO with 550 (the message is never taken); with --user,
                    the reply also quotes the login and password it was given (a server
                    echoing secrets)
  refuse-starttls   advertise STARTTLS (needs --starttls) but answer it 454; MAIL FROM and
                    AUTH are not required to come after it, so a client that carried on in
                    plain text would be recorded
  no-starttls       advertise no STARTTLS (no TLS at all); MAIL FROM and AUTH are recorded too
  hang              accept TCP connections and never say anything (no greeting)

--starttls CERT KEY: offer STARTTLS and require it before MAIL FROM and AUTH (aiosmtpd's
require_starttls and auth_require_tls). --implicit-tls CERT KEY: TLS from the first byte
(smtps). --user/--password: AUTH (PLAIN, LOGIN) is required and checked.
"""
import argparse
import asyncio
import json
import logging
import signal
import socket
import ssl
import sys
import threading
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword, syntax


class Recorder:
    def __init__(self, events_path, spool):
        self.events = open(events_path, "a", encoding="utf-8")
        self.spool = spool
        self.messages = 0
        self.lock = threading.Lock()

    def record(self, **fields):
        with self.lock:
            self.events.write(json.dumps(fields, ensure_ascii=False) + "\n")
            self.events.flush()

    def store(self, content):
        with self.lock:
            self.messages += 1
            path = f"{self.spool}/message-{self.messages}.eml"
        with open(path, "wb") as handle:
            handle.write(content)
        return path


def encrypted(server, session):
    """Whether the session runs over TLS: after STARTTLS, or from the start (smtps)."""
    return session.ssl is not None or server.transport.get_extra_info("sslcontext") is not None


class Handler:
    def __init__(self, options, recorder):
        self.options = options
        self.recorder = recorder
        self.mails = 0
        self.logins = {}

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        self.mails += 1
        if self.options.mode == "tempfail-first" and self.mails == 1:
            answer = "421 4.3.2 fixture busy, try again later"
        else:
            envelope.mail_from = address
            envelope.mail_options.extend(mail_options)
            answer = "250 OK"
        self.recorder.record(event="mail", **{"from": address}, tls=encrypted(server, session), answer=answer)
        return answer

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.options.mode == "refuse-all":
            login = self.logins.get(id(session))
            quoted = f" (login {login[0]} password {login[1]})" if login else ""
            answer = f"550 5.1.1 <{address}>: mailbox unavailable{quoted}"
        elif address in self.options.refuse:
            answer = f"550 5.1.1 <{address}>: no such user here"
        else:
            envelope.rcpt_tos.append(address)
            answer = "250 OK"
        self.recorder.record(event="rcpt", to=address, answer=answer)
        return answer

    async def handle_DATA(self, server, session, envelope):
        path = self.recorder.store(envelope.original_content or envelope.content)
        answer = "250 2.0.0 queued as fixture-" + str(self.recorder.messages)
        self.recorder.record(event="data", **{"from": envelope.mail_from}, to=envelope.rcpt_tos, file=path,
                             answer=answer)
        return answer

    def handle_STARTTLS(self, server, session, envelope):
        # aiosmtpd calls this hook without awaiting it, once the TLS handshake is done.
        self.recorder.record(event="starttls")
        return True


class RecordingSMTP(SMTP):
    """aiosmtpd's server, recording connections, AUTH and MAIL FROM before they are checked."""

    def __init__(self, handler, recorder, mode, **kwargs):
        super().__init__(handler, **kwargs)
        self.recorder = recorder
        self.mode = mode

    def connection_made(self, transport):
        # Called again on the TLS transport after STARTTLS: that is not a new connection.
        if self._original_transport is None:
            self.recorder.record(event="connect")
        super().connection_made(transport)

    @syntax("STARTTLS", when="tls_context")
    async def smtp_STARTTLS(self, arg):
        if self.mode == "refuse-starttls":
            await self.push("454 4.7.0 TLS not available due to a fixture's choice")
            return
        await super().smtp_STARTTLS(arg)

    @syntax("MAIL FROM:<address>", extended=" [SP <mail-parameters>]")
    async def smtp_MAIL(self, arg):
        if self.mode in ("refuse-starttls", "no-starttls"):
            self.recorder.record(event="mail-command", tls=encrypted(self, self.session))
        await super().smtp_MAIL(arg)

    @syntax("AUTH <mechanism>")
    async def smtp_AUTH(self, arg):
        if self.mode in ("refuse-starttls", "no-starttls"):
            self.recorder.record(event="auth-command", tls=encrypted(self, self.session))
        await super().smtp_AUTH(arg)


def tls_context(cert, key):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def make_authenticator(options, recorder, handler):
    def authenticate(server, session, envelope, mechanism, auth_data):
        if not isinstance(auth_data, LoginPassword):
            return AuthResult(success=False, handled=False)
        login = auth_data.login.decode("utf-8", "replace")
        password = auth_data.password.decode("utf-8", "replace")
        good = login == options.user and password == options.password
        recorder.record(event="auth", user=login, tls=encrypted(server, session), success=good)
        if good:
            handler.logins[id(session)] = (login, password)
        return AuthResult(success=good, handled=False)
    return authenticate


async def hang_forever(reader, writer, recorder):
    recorder.record(event="connect")
    await reader.read()  # says nothing; returns when the client gives up
    writer.close()


async def serve(options, recorder):
    loop = asyncio.get_running_loop()
    if options.mode == "hang":
        server = await asyncio.start_server(
            lambda reader, writer: hang_forever(reader, writer, recorder), "127.0.0.1", options.port)
    else:
        handler = Handler(options, recorder)
        kwargs = {"hostname": "fixture.test", "decode_data": False}
        if options.starttls and options.mode != "no-starttls":
            kwargs["tls_context"] = tls_context(*options.starttls)
            kwargs["require_starttls"] = options.mode != "refuse-starttls"
        if options.user:
            kwargs["authenticator"] = make_authenticator(options, recorder, handler)
            kwargs["auth_required"] = True
            # aiosmtpd counts only STARTTLS as TLS: over smtps it would never offer AUTH.
            kwargs["auth_require_tls"] = (
                options.mode not in ("refuse-starttls", "no-starttls") and not options.implicit_tls)
        implicit = tls_context(*options.implicit_tls) if options.implicit_tls else None
        server = await loop.create_server(
            lambda: RecordingSMTP(handler, recorder, options.mode, **kwargs), "127.0.0.1", options.port,
            ssl=implicit)
    port = server.sockets[0].getsockname()[1]
    print(f"PORT {port}", flush=True)
    stopped = loop.create_future()

    def watch_stdin():
        sys.stdin.read()
        loop.call_soon_threadsafe(lambda: stopped.done() or stopped.set_result(None))

    threading.Thread(target=watch_stdin, daemon=True).start()
    loop.add_signal_handler(signal.SIGTERM, lambda: stopped.done() or stopped.set_result(None))
    await stopped
    server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--events", required=True)
    parser.add_argument("--spool", required=True)
    parser.add_argument("--mode", default="accept",
                        choices=["accept", "tempfail-first", "refuse-all", "refuse-starttls", "no-starttls", "hang"])
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--implicit-tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--user")
    parser.add_argument("--password")
    parser.add_argument("--refuse", action="append", default=[])
    options = parser.parse_args()
    # The events file is the record; aiosmtpd's own warnings (AUTH without TLS, asked for in
    # the plain-text modes) and its tracebacks of handshakes a test makes fail are noise.
    warnings.filterwarnings("ignore")
    logging.getLogger("mail.log").setLevel(logging.CRITICAL)
    asyncio.run(serve(options, Recorder(options.events, options.spool)))


if __name__ == "__main__":
    main()
