"""scripts/bench's instruction counts (bench_instructions) read from a small callgrind.out
written by hand: the Ir total, callgrind_annotate's lines, the hot-spot table.
python3 -m unittest scripts/lib/test_bench_instructions.py"""

import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_instructions import hot_spots, parse_annotate, total_instructions  # noqa: E402

# main (self 100) calls work (self 300), which calls a Swift function (self 600) twice.
CALLGRIND_OUT = """# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 1
cmd:  ./fixture
part: 1

positions: line
events: Ir
summary: 1000

ob=(1) /usr/bin/fixture
fl=(1) fixture.c
fn=(1) main
1 100
cfn=(2) work
calls=1 0
1 900

fn=(2)
2 300
cfn=(3) $s7breezed4leafyyF
calls=2 0
2 600

fn=(3)
3 600

totals: 1000
"""

# As callgrind_annotate 3.19 prints it (shortened): a wrapped name, one without an object.
ANNOTATE = """--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
4,023,777,794 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                      file:function
--------------------------------------------------------------------------------
4,023,747,536 (100.0%)  ???:0x000000000001ab70 [/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2]
2,084,213,203 (51.80%)  //<compiler-generated>:$s12BreezeDaemon0B0C7runOnce
  975,834,699 ( 4.25%)  /src/Sources/A.swift:work [/build/release/breezed]
--------------------------------------------------------------------------------
The following files chosen for auto-annotation could not be found:
  fixture.c
"""


class TotalTests(unittest.TestCase):
    def written(self, text):
        file = tempfile.NamedTemporaryFile("w", suffix=".out", delete=False)
        self.addCleanup(os.unlink, file.name)
        with file:
            file.write(text)
        return file.name

    def test_the_totals_line_wins_over_the_summary(self):
        path = self.written(CALLGRIND_OUT.replace("totals: 1000", "totals: 1234"))
        self.assertEqual(total_instructions(path), 1234)

    def test_the_summary_when_there_is_no_totals_line(self):
        self.assertEqual(total_instructions(self.written(CALLGRIND_OUT.replace("totals: 1000\n", ""))), 1000)

    def test_the_ir_column_of_several_events(self):
        text = CALLGRIND_OUT.replace("events: Ir", "events: Dr Ir").replace("totals: 1000", "totals: 7 1000")
        self.assertEqual(total_instructions(self.written(text)), 1000)

    def test_no_ir_is_an_error_naming_the_file(self):
        path = self.written(CALLGRIND_OUT.replace("events: Ir", "events: Dr"))
        with self.assertRaisesRegex(ValueError, os.path.basename(path)):
            total_instructions(path)


class AnnotateTests(unittest.TestCase):
    def test_function_lines_in_order_without_the_program_totals(self):
        self.assertEqual(parse_annotate(ANNOTATE), [
            (4023747536, 100.0, "0x000000000001ab70", "ld-linux-x86-64.so.2"),
            (2084213203, 51.8, "$s12BreezeDaemon0B0C7runOnce", ""),
            (975834699, 4.25, "work", "breezed"),
        ])

    @unittest.skipUnless(shutil.which("callgrind_annotate"), "needs valgrind's callgrind_annotate")
    def test_hot_spots_of_a_real_annotation_leave_the_entry_out(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "callgrind.out")
            with open(path, "w", encoding="utf-8") as file:
                file.write(CALLGRIND_OUT)
            inclusive = hot_spots(path, 10, inclusive=True)
            by_self = hot_spots(path, 2, inclusive=False)
        self.assertEqual([ir for ir, _, _, _ in inclusive], [900, 600])
        self.assertEqual(inclusive[0][2], "work")
        self.assertIn("leaf", inclusive[1][2])
        self.assertEqual([ir for ir, _, _, _ in by_self], [600, 300])
        self.assertEqual(inclusive[0][3], "fixture")


if __name__ == "__main__":
    unittest.main()
