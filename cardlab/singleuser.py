"""``python -m cardlab.singleuser``: the spawn command hub configs named before serving moved into
`cardlab.serve`.  A school keeps its own copy of ``values.yaml`` or of the hub config, so this
name stays and starts `cardlab.serve.singleuser`, where the student's server lives."""

from cardlab.serve.singleuser import main

if __name__ == "__main__":
    main()
