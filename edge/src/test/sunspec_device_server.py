"""Serves SunSpec devices over Modbus with Debian's pymodbus, for the edge agent's tests.

The register image is built here, in Python, from the SunSpec model definitions (JSON), so the
agent's own encoding is never on both ends of a test. Usage:

    python3 sunspec_device_server.py DEVICES.json

DEVICES.json: {"modelsDir": "...", "port": 5020, "framer": "socket" | "rtu",
  "units": {"1": {"base": 40000, "models": [{"id": 1, "values": {"SN": "INV-1"}},
  {"id": 160, "values": {...}, "repeating": [{...}, ...]}, ...]}}}
Values are raw register values (integers before scale factors, texts for strings, floats for
float32); a point without a value holds SunSpec's "not implemented" marker.

Prints "listening PORT" when ready; then answers lines on stdin: "get UNIT ADDRESS COUNT"
prints the registers as a JSON list, "set UNIT ADDRESS V1 V2 ..." writes them, "quit" stops.
"""

import asyncio
import json
import struct
import sys

from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.framer.rtu_framer import ModbusRtuFramer
from pymodbus.framer.socket_framer import ModbusSocketFramer
from pymodbus.server import StartAsyncTcpServer

NOT_IMPLEMENTED = {
    "uint16": [0xFFFF], "enum16": [0xFFFF], "bitfield16": [0xFFFF], "count": [0xFFFF],
    "int16": [0x8000], "sunssf": [0x8000], "pad": [0x8000],
    "uint32": [0xFFFF, 0xFFFF], "bitfield32": [0xFFFF, 0xFFFF], "int32": [0x8000, 0x0000],
    "acc32": [0, 0], "acc64": [0, 0, 0, 0], "float32": [0x7FC0, 0x0000],
}


def encode(point, value):
    kind, size = point["type"], point["size"]
    if value is None:
        return NOT_IMPLEMENTED.get(kind, [0] * size)[:size] if kind != "string" else [0] * size
    if kind == "string":
        raw = value.encode("latin-1")[: size * 2].ljust(size * 2, b"\0")
        return list(struct.unpack(f">{size}H", raw))
    if kind == "float32":
        return list(struct.unpack(">2H", struct.pack(">f", value)))
    if kind in ("int16", "sunssf"):
        return [value & 0xFFFF]
    if size == 1:
        return [value]
    if kind == "int32":
        value &= 0xFFFFFFFF
    return [(value >> (16 * (size - 1 - i))) & 0xFFFF for i in range(size)]


def encode_group(points, values):
    words = []
    for point in points:
        words += encode(point, values.get(point["name"]))
    return words


def model_words(models_dir, model):
    if "raw" in model:  # a vendor model the agent does not know
        return [model["id"], len(model["raw"])] + model["raw"]
    with open(f"{models_dir}/model_{model['id']}.json", encoding="utf-8") as file:
        group = json.load(file)["group"]
    body = encode_group(group["points"][2:], model.get("values", {}))
    for block in model.get("repeating", []):
        body += encode_group(group["groups"][0]["points"], block)
    return [model["id"], len(body)] + body


def unit_image(models_dir, unit):
    words = [0x5375, 0x6E53]
    for model in unit["models"]:
        words += model_words(models_dir, model)
    return unit.get("base", 40000), words + [0xFFFF, 0]


async def answer_stdin(context):
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := (await reader.readline()).decode().split():
        command, unit, address, *rest = line + ["0", "0"]
        store = context[int(unit)]
        if command == "get":
            print(json.dumps(store.getValues(3, int(address), int(rest[0]))), flush=True)
        elif command == "set":
            store.setValues(3, int(address), [int(v) for v in rest])
            print("ok", flush=True)
        else:
            break


async def main(config_file):
    with open(config_file, encoding="utf-8") as file:
        config = json.load(file)
    slaves = {}
    for unit_id, unit in config["units"].items():
        base, words = unit_image(config["modelsDir"], unit)
        block = ModbusSequentialDataBlock(base, words)
        slaves[int(unit_id)] = ModbusSlaveContext(hr=block, zero_mode=True)
    context = ModbusServerContext(slaves=slaves, single=False)
    framer = ModbusRtuFramer if config.get("framer") == "rtu" else ModbusSocketFramer
    server = await StartAsyncTcpServer(
        context=context, address=("127.0.0.1", config["port"]), framer=framer, defer_start=True
    )
    serving = asyncio.create_task(server.serve_forever())
    while not getattr(server, "server", None):
        await asyncio.sleep(0.02)
    print(f"listening {config['port']}", flush=True)
    await answer_stdin(context)
    serving.cancel()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
