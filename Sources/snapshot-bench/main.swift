print("snapshot-bench: no scenarios yet")
