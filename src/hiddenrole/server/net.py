"""Where others can reach the server: the URLs ``serve`` prints and the join link uses.

A server bound to every interface (``0.0.0.0`` or ``::``) is reached at each interface's
own address; loopback addresses (127.0.0.0/8, ``::1``) reach only the machine itself, so
they are named only when nothing else exists. A host that knows the address people use
(a domain name behind a proxy, a tunnel) gives it as ``--public-url`` and it is the only one.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def interface_addresses() -> list[str]:
    """Every IPv4 and IPv6 address of this machine's network interfaces that are up
    (loopback and link-local included; IPv6 scope suffixes dropped), in the system's order."""
    import psutil

    stats = psutil.net_if_stats()
    out: list[str] = []
    for name, addrs in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for addr in addrs:
            if addr.family in (socket.AF_INET, socket.AF_INET6):
                address = addr.address.split("%", 1)[0]
                if address not in out:
                    out.append(address)
    return out


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or a name) reaches only this machine."""
    host = host.strip("[]")
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url(address: str, port: int) -> str:
    return f"http://[{address}]:{port}" if ":" in address else f"http://{address}:{port}"


def reachable_urls(host: str, port: int, public_url: str | None = None,
                   addresses: list[str] | None = None) -> list[str]:
    """The URLs others can use to reach a server listening on ``host``:``port``.

    Args:
        host: the listening address (``0.0.0.0``/``::``: every interface).
        port: the TCP port.
        public_url: the address the host gave (``--public-url``): then the only one.
        addresses: the interfaces' addresses (default: :func:`interface_addresses`).

    Returns:
        ``public_url`` alone; else, for every interface, each non-loopback, non-link-local
        address (IPv4 first; IPv6 too when bound to ``::``), or the loopback URL when no
        other exists; for one address, that address.

    Raises:
        ValueError: ``public_url`` is not an ``http://`` or ``https://`` URL with a host.
    """
    if public_url is not None:
        parts = urlsplit(public_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"--public-url must be an http:// or https:// URL with a host, not {public_url!r}")
        return [public_url.rstrip("/")]
    if host not in ("0.0.0.0", "::", ""):
        return [_url(host, port)]
    found = interface_addresses() if addresses is None else addresses
    v4, v6 = [], []
    for address in found:
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified:
            continue
        (v4 if ip.version == 4 else v6).append(str(ip))
    urls = [_url(a, port) for a in v4 + (v6 if host == "::" else [])]
    return urls or [_url("127.0.0.1" if host != "::" else "::1", port)]


def join_base(request_base: str, urls: list[str], fixed: bool) -> str:
    """The base of the links a page hands out (join link, QR code, substitute link).

    Args:
        request_base: the address the request came to (``http://127.0.0.1:8000``).
        urls: :func:`reachable_urls` of the running server (may be empty: unknown).
        fixed: the host gave ``--public-url``: always that one.

    Returns:
        the public URL when fixed; the first reachable non-loopback URL when the request
        came over loopback; otherwise the request's own address.
    """
    request_base = request_base.rstrip("/")
    if fixed and urls:
        return urls[0]
    if is_loopback(urlsplit(request_base).hostname or ""):
        others = [u for u in urls if not is_loopback(urlsplit(u).hostname or "")]
        if others:
            return others[0]
    return request_base
