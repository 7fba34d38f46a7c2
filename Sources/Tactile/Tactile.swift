// Tactile: the UIKit-compatible object model (UIKit's own Swift names), built on TactileCore.
//
// Users write `#if canImport(UIKit) import UIKit #else import Tactile #endif`. As with UIKit, importing
// Tactile brings Foundation's CGFloat, CGPoint, CGSize and CGRect along; Tactile declares none of its own.
// Engine types in signatures (TouchRouter, DeliveryLog, EventQueue, MainRunLoop) come from `import TactileCore`.
@_exported import Foundation

