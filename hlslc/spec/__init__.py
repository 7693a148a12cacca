"""What the specifications say, as data shared by several stages.

`rules` is the registry of rule IDs (sema's checks and the IR validator
report under the same IDs); `linalg_rules` holds the dx::linalg checks that
both sema (from source) and the validator (from IR) feed with plain
records; `resource_types` names HLSL's resource and object types (the
lexer classifies them, sema gives them meaning).
"""
