"""What a limit per address counts a remote host as: the table server's (README.md, *Play
online*, the limits) and ``scopa-tui web``'s games at once per address (README.md, *In a
browser*)."""

from __future__ import annotations

import ipaddress


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
