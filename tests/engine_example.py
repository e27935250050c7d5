"""An outside engine written from docs/protocol.md alone, for the tests: it answers each request
with the first legal answer, or with --random a legal one at random, seeded by each new_game.

For the tests of a bad engine, after answering N requests: ``--late-after N`` sleeps a minute
before the next answer, ``--crash-after N`` exits with status 3, ``--illegal-after N`` answers
something that is not legal.
"""

import json
import random
import sys
import time


def after(name):
    """The N of ``--NAME N``, or None."""
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else None


def main():
    chooser = random.Random(0)
    pick_at_random = "--random" in sys.argv
    answered = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if "new_game" in message:  # a notice: no answer
            chooser.seed(message["new_game"]["seed"])
            continue
        legal = message["legal"]
        if answered == after("--late-after"):
            time.sleep(60)
        if answered == after("--crash-after"):
            print("engine_example: stopping as told", file=sys.stderr, flush=True)
            sys.exit(3)
        answered += 1
        if answered - 1 == after("--illegal-after"):
            print(json.dumps("not a legal answer"), flush=True)
            continue
        if message["ask"] == "kontra":
            answer = [call for call in legal if pick_at_random and chooser.random() < 0.5]
        else:
            answer = chooser.choice(legal) if pick_at_random else legal[0]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
