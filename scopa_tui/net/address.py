"""What a limit per address counts a remote host as: the table server's (README.md, *Play
online*, the limits) and ``scopa-tui web``'s games at once per address (README.md, *In a
browser*)."""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys


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


def url_host(address: str) -> str:
    """An address as a web address writes its host: an IPv6 one in brackets ([::1])."""
    return f"[{address}]" if ":" in address else address


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


SIOCGIFADDR = 0x8915  # Linux's ioctl for an interface's IPv4 address
SIOCGIFFLAGS = 0x8913  # ... and for its flags:
IFF_CONNECTED = 0x01 | 0x40  # up and running (IFF_UP, IFF_RUNNING)
# The flags of an IPv6 address in INET6_FILE that is not to be given out: temporary (0x01),
# failed duplicate address detection (0x08), deprecated (0x20), tentative (0x40).
INET6_NOT_GIVEN = 0x01 | 0x08 | 0x20 | 0x40
INET6_FILE = "/proc/net/if_inet6"  # Linux's list of the IPv6 addresses of each interface


def network_addresses(ipv6: bool = False) -> list[str]:
    """Every address of this machine that another machine may join at (none loopback or
    link-local), the one its route out takes first: a machine on several networks (a wired and
    a wireless one, a VPN) is joined at each from the machines of that network. Read from
    the system's own tables, never asking a name server; where they cannot be read (not
    Linux), the route out's alone."""
    found = [network_address(ipv6), *interface_addresses(ipv6)]
    return list(dict.fromkeys(a for a in found if a is not None and _joinable(a)))


def _joinable(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def interface_addresses(ipv6: bool = False) -> list[str]:
    """The addresses of this machine's network interfaces that are up and connected (a cable
    in, a network joined; loopback included), on Linux; [] elsewhere."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    def ioctl(request: int, name: str) -> bytes:
        return fcntl.ioctl(probe.fileno(), request, struct.pack("256s", name.encode()[:15]))

    def connected(name: str) -> bool:
        flags = int.from_bytes(ioctl(SIOCGIFFLAGS, name)[16:18], sys.byteorder)
        return flags & IFF_CONNECTED == IFF_CONNECTED

    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            if ipv6:
                with open(INET6_FILE, encoding="ascii") as table:
                    return [address for address, name in inet6_addresses(table.read()) if connected(name)]
            for _index, name in socket.if_nameindex():
                try:
                    if connected(name):
                        found.append(socket.inet_ntoa(ioctl(SIOCGIFADDR, name)[20:24]))
                except OSError:  # an interface with no IPv4 address
                    continue
    except (OSError, ValueError):
        pass
    return found


def inet6_addresses(table: str) -> list[tuple[str, str]]:
    """The addresses of ``/proc/net/if_inet6`` (each line's first field, 32 hex digits) with
    their interface's name (its last), but for those not to be given out: temporary ones
    (privacy addresses, which change), and those not usable yet or any more."""
    found = []
    for line in table.splitlines():
        fields = line.split()
        if len(fields) == 6 and not int(fields[4], 16) & INET6_NOT_GIVEN:
            found.append((str(ipaddress.IPv6Address(int(fields[0], 16))), fields[5]))
    return found
