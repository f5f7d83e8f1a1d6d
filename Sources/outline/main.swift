// The `outline` terminal app: see OutlineApp.swift.
func placeholder() -> Int { 42 }
print(placeholder())
