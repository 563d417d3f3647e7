import NotesLayout

// `notes-layout WIDTH HEIGHT`: the frames of the list and the note.
let arguments = CommandLine.arguments.dropFirst().compactMap(Double.init)
let (width, height) = arguments.count == 2 ? (arguments[0], arguments[1]) : (1024, 768)
let frames = NotesLayout.frames(width: width, height: height)
print("list \(frames.list)")
print("note \(frames.note)")
