import StrictJSON

/// A bad scene file: the field's path and what is wrong with it (the JSON reader's error, under the name scene-file users know).
public typealias SceneFileError = JSONError
