"""python3 -m rlplayground convert MODEL.onnx --game GAME -o OUT.policy: an ONNX network as a policy file."""

import argparse
import sys

from . import games
from .export import ExportError, convert_onnx, load_network


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m rlplayground", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    convert = commands.add_parser(
        "convert", help="an ONNX graph of the runtime's layers as a policy file for a game's encoding"
    )
    convert.add_argument("model", help="the .onnx file")
    convert.add_argument("--game", required=True, choices=games())
    convert.add_argument("-o", "--out", required=True, help="the policy file to write")
    convert.add_argument("--encoding", help="the game's network encoding (default: the game's)")
    convert.add_argument("--kind", choices=["q-network", "policy-network", "value-network"])
    convert.add_argument(
        "--option", action="append", default=[], metavar="NAME=JSON", help="a game option (its encoding's shape)"
    )
    args = parser.parse_args(argv)
    import json

    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    try:
        data = convert_onnx(args.model, args.game, args.out, encoding=args.encoding, kind=args.kind, options=options)
        network = load_network(data, args.out)  # read back as the page reads it
    except (ExportError, ValueError, OSError) as e:
        print(f"convert: {e}", file=sys.stderr)
        return 1
    print(f"{args.out}: {len(data)} bytes, {args.game}, input {network.input_shape}, output {network.output_shape}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
