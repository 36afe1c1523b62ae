"""``--certfile/--keyfile``: the server speaks ``wss://`` and a client that trusts the certificate plays."""

from __future__ import annotations

import shutil
import ssl
import subprocess

import pytest

from scopa_tui.cli import main
from scopa_tui.net.client import NetClient, NetClientError
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


def test_a_certificate_that_cannot_be_read_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.pem"
    bad.write_text("not a certificate")
    assert main(["server", "--port", "0", "--data-dir", str(tmp_path), "--certfile", str(bad),
                 "--keyfile", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot use the certificate" in err
