"""``--certfile/--keyfile``: the server speaks ``wss://`` and a client that trusts the certificate plays."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess

import pytest

from scopa_tui.cli import main
from scopa_tui.net.client import NetClient, NetClientError
import scopa_tui.net.server as server_module
from scopa_tui.net.server import Server, _ssl_context


@pytest.fixture
def certificate(tmp_path):
    if shutil.which("openssl") is None:  # pragma: no cover - Debian and CI have it
        pytest.fail("openssl is needed to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key),
                    "-out", str(cert)], check=True, capture_output=True, timeout=60)
    return cert, key


async def test_wss_with_a_trusted_certificate(certificate):
    cert, key = certificate
    server = Server(None, ai_pace=0)
    port = await server.start("127.0.0.1", 0, _ssl_context(str(cert), str(key)))
    try:
        trusting = ssl.create_default_context(cafile=str(cert))
        client = NetClient(f"wss://127.0.0.1:{port}/", "Anna", ssl=trusting)
        assert (await client.connect())["type"] == "welcome"
        joined = await client.create(players=2)
        assert joined["seat"] == 0
        await client.close()
        # A client that does not trust the certificate is refused, in one line.
        stranger = NetClient(f"wss://127.0.0.1:{port}/", "Eve")
        with pytest.raises(NetClientError) as caught:
            await stranger.connect()
        assert caught.value.code == "connect" and "\n" not in caught.value.message
    finally:
        await server.close()


def _serve(tmp_path, cert, key, *lang: str) -> int:
    return main([*lang, "server", "--port", "0", "--data-dir", str(tmp_path), "--certfile", str(cert),
                 "--keyfile", str(key)])


@pytest.mark.parametrize("given, said", [
    (("text", "key"), "{text} is not a certificate: --certfile takes a PEM certificate (-----BEGIN CERTIFICATE-----)"),
    (("key", "cert"), "{key} is not a certificate: --certfile takes a PEM certificate (-----BEGIN CERTIFICATE-----)"),
    (("cert", "text"), "{text} is not a private key: --keyfile takes the certificate's private key, in PEM"),
    (("cert", "cert"), "{cert} is not a private key: --keyfile takes the certificate's private key, in PEM"),
    (("cert", "other_key"), "{other_key} is not the key of the certificate {cert}: --keyfile takes the private key "
                            "made with it"),
    (("cert", "missing"), "cannot use the certificate's key {missing}: No such file or directory"),
])
def test_a_file_that_is_not_a_certificate_or_its_key_is_named_in_one_line(certificate, tmp_path, capsys, given,
                                                                          said):
    # Each said "cannot use the certificate CERT: [SSL] PEM lib (_ssl.c:3905)" (or 3926), the
    # certificate named where the key was wrong, and nothing of what either file should be.
    cert, key = certificate
    other = tmp_path / "other"
    other.mkdir()
    subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-out", str(other / "key.pem")], check=True,
                   capture_output=True, timeout=60)
    files = {"cert": cert, "key": key, "text": tmp_path / "notes.txt", "other_key": other / "key.pem",
             "missing": tmp_path / "missing.pem"}
    files["text"].write_text("not a certificate")
    assert _serve(tmp_path, *(files[name] for name in given)) == 2
    assert capsys.readouterr().err == "scopa-tui: error: " + said.format(**files) + "\n"


def test_a_key_not_the_certificates_is_said_in_the_players_language(certificate, tmp_path, capsys):
    cert, _key = certificate
    assert _serve(tmp_path, cert, cert, "--lang", "it") == 2
    err = capsys.readouterr().err
    assert err.startswith(f"scopa-tui: errore: {cert} non è una chiave privata") and err.count("\n") == 1


def test_a_missing_certificate_says_why_in_the_players_language(tmp_path, capsys):
    # It said "[Errno 2] No such file or directory", the system's English words.
    missing = tmp_path / "missing.pem"
    assert main(["--lang", "it", "server", "--port", "0", "--data-dir", str(tmp_path), "--certfile", str(missing),
                 "--keyfile", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.endswith(f"{missing}: file o cartella inesistente\n") and "Errno" not in err


async def test_a_tls_handshake_never_finished_is_cut(certificate, monkeypatch):
    # Until its TLS handshake is done a connection is not counted against its address:
    # one that never sends its hello is cut after TLS_HANDSHAKE_TIMEOUT (asyncio's own
    # default, 60 s, would hold it past this test's wait).
    monkeypatch.setattr(server_module, "TLS_HANDSHAKE_TIMEOUT", 0.3)
    cert, key = certificate
    server = Server(None, ai_pace=0)
    port = await server.start("127.0.0.1", 0, _ssl_context(str(cert), str(key)))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await asyncio.wait_for(reader.read(), 20) == b""  # closed by the server, nothing said
        writer.close()
        # the server still serves a client that does finish its handshake
        client = NetClient(f"wss://127.0.0.1:{port}/", "Anna", ssl=ssl.create_default_context(cafile=str(cert)))
        assert (await client.connect())["type"] == "welcome"
        await client.close()
    finally:
        await server.close()
