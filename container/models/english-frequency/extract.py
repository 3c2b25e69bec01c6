# Writes words.txt (see README.md): python3 extract.py > words.txt
import re, struct
LM = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"
b = open(LM, "rb").read()
assert b.startswith(b"Trie Language Model")
order = b[19]
counts = struct.unpack_from(f"<{order}I", b, 20)
quant = struct.unpack_from("<i", b, 20 + 4 * order)[0]
assert quant == 1, "QUANT_16 expected"
# lm_trie_quant_size(order, QUANT_16): (order - 2) middle tables (prob + backoff) + the longest prob table
table = (1 << 16) * 4
unigrams = 20 + 4 * order + 4 + (order - 2) * 2 * table + table
words = [w.decode("latin1") for w in b.rstrip(b"\0").split(b"\0")[-counts[0]:]]
probs = [struct.unpack_from("<f", b, unigrams + 12 * i)[0] for i in range(counts[0])]
ranked = [w for _, w in sorted(zip(probs, words), reverse=True) if re.fullmatch(r"[a-z][a-z']*", w)]
print("\n".join(ranked[:30000]))
