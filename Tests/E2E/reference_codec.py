"""An independent implementation of the share-code format, written from the format's
description (README, "Share links"), used to check that the Swift encoder follows it."""
import base64

PARAMETERS = [("R", 30000), ("Vn", 2000), ("Vm", 4000), ("c1", 100), ("c2", 100), ("c3", 10000), ("c4", 50), ("c5", 100)]


def crc16_ccitt_false(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def envelope(kind: int, body: bytes) -> str:
    payload = bytes([kind << 4 | 1]) + body
    crc = crc16_ccitt_false(payload)
    payload += bytes([crc >> 8, crc & 0xFF])
    return "1" + base64.urlsafe_b64encode(payload).decode().rstrip("=")


def look_link(look: dict) -> str:
    garments = sorted((g["id"], g["colour"]) for g in look["garments"])
    body = varint(look["background"]) + varint(look["model"]) + varint(len(garments))
    for gid, colour in garments:
        body += varint(gid) + varint(colour)
    return "plume://look/" + envelope(1, body)


def swarm_link(swarm: dict) -> str:
    bits = format(len(swarm["ingredients"]) - 1, "04b")
    for ingredient in swarm["ingredients"]:
        bits += format(ingredient["population"] - 1, "09b")
        for name, top in PARAMETERS:
            bits += format(round(ingredient[name] * 100), "0%db" % top.bit_length())
    bits += "0" * (-len(bits) % 8)
    body = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    return "plume://swarm/" + envelope(2, body)
