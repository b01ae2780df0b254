#!/usr/bin/env python3
"""Writes a tiny Piper-shaped voice for tests: a model with a Piper voice's inputs and
output (`input` int64 [1, N], `input_lengths` int64 [1], `scales` float [3] -> `output` float
[1, 1, 1, samples]) whose every phoneme id lasts two frames of 256 samples (one `Ceil` node
gives the durations, as in a real voice's graph), and whose audio is a constant 0.25, so what
narrate makes of it is predictable; and its .onnx.json with a small phoneme map.

    make_tiny_voice.py OUT.onnx [QUALITY]    (writes OUT.onnx and OUT.onnx.json; quality x_low by default)
"""
import json
import sys

import onnx
from onnx import TensorProto, helper


def main():
    path = sys.argv[1]
    nodes = [
        helper.make_node("Cast", ["input"], ["ids_float"], to=TensorProto.FLOAT),
        helper.make_node("Mul", ["ids_float", "zero"], ["zeros"]),
        helper.make_node("Add", ["zeros", "one_and_a_half"], ["raw_durations"]),
        helper.make_node("Ceil", ["raw_durations"], ["/Ceil_output_0"], name="/Ceil"),
        helper.make_node("ReduceSum", ["/Ceil_output_0"], ["frames"], keepdims=0),
        helper.make_node("Mul", ["frames", "hop"], ["samples_float"]),
        helper.make_node("Cast", ["samples_float"], ["samples"], to=TensorProto.INT64),
        helper.make_node("Reshape", ["samples", "one_shape"], ["samples_1d"]),
        helper.make_node("Concat", ["leading", "samples_1d"], ["output_shape"], axis=0),
        helper.make_node("ConstantOfShape", ["output_shape"], ["output"],
                         value=helper.make_tensor("level", TensorProto.FLOAT, [1], [0.25])),
    ]
    initializers = [
        helper.make_tensor("zero", TensorProto.FLOAT, [], [0.0]),
        helper.make_tensor("one_and_a_half", TensorProto.FLOAT, [], [1.5]),
        helper.make_tensor("hop", TensorProto.FLOAT, [], [256.0]),
        helper.make_tensor("one_shape", TensorProto.INT64, [1], [1]),
        helper.make_tensor("leading", TensorProto.INT64, [3], [1, 1, 1]),
    ]
    graph = helper.make_graph(
        nodes, "tiny-piper",
        [helper.make_tensor_value_info("input", TensorProto.INT64, [1, "phonemes"]),
         helper.make_tensor_value_info("input_lengths", TensorProto.INT64, [1]),
         helper.make_tensor_value_info("scales", TensorProto.FLOAT, [3])],
        [helper.make_tensor_value_info("output", TensorProto.FLOAT, [1, 1, 1, "samples"])],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 15)], producer_name="narrate-tests")
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)
    symbols = ["_", "^", "$", " ", "!", ",", ".", ":", ";", "?"] + list("abdefhiklmnoprstuvwzæðŋɐɑɔəɚɛɜɡɪɹʃʊʌʒθ") + ["ˈ", "ˌ", "ː"]
    config = {
        "audio": {"sample_rate": 22050, "quality": sys.argv[2] if len(sys.argv) > 2 else "x_low"},
        "espeak": {"voice": "en-us"},
        "inference": {"noise_scale": 0.667, "length_scale": 1, "noise_w": 0.8},
        "phoneme_type": "espeak",
        "phoneme_id_map": {symbol: [index] for index, symbol in enumerate(symbols)},
        "num_symbols": len(symbols),
        "num_speakers": 1,
        "speaker_id_map": {},
        "language": {"code": "en_US"},
    }
    with open(path + ".json", "w", encoding="utf-8") as out:
        json.dump(config, out, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
