"""What a limit per address counts a remote host as: the table server's (README.md, *Play
online*, the limits) and ``scopa-tui web``'s games at once per address (README.md, *In a
browser*)."""

from __future__ import annotations

import ipaddress
import socket


def address_key(host: str) -> str:
    """What the per-address limits count a remote host as: an IPv4 address as itself, an IPv6
    one by its /64 network (a subscriber's network, in which a client may take a new address
    for every connection), an IPv4 address mapped in IPv6 (a dual-stack listener) as IPv4."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])  # without an IPv6 zone ("fe80::1%eth0")
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def every_network(host: str) -> bool:
    """Whether listening on ``host`` is listening on every network of this machine (0.0.0.0, ::)."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def network_address(ipv6: bool = False) -> str | None:
    """This machine's address on its network, as its route out takes it (None: no network).
    A UDP socket connected to an address kept for documentation sends nothing and asks no
    name server: nothing to wait for, as a look-up of the machine's own name may."""
    family, far = (socket.AF_INET6, "2001:db8::1") if ipv6 else (socket.AF_INET, "192.0.2.1")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((far, 9))
            return probe.getsockname()[0]
    except OSError:
        return None
