import CTactileCoreSupport
import Foundation

/// Makes registered cell and header-footer classes with their `init(style:reuseIdentifier:)` /
/// `init(reuseIdentifier:)` — the subclass's own override, as `[[cls alloc] initWithStyle:…]` does in UIKit
/// (DESIGN-TABLE-REGISTER).
///
/// Swift calls a non-`required` initializer only on a statically known class. But every designated initializer
/// has an allocating entry in its class's vtable (so that inherited convenience initializers reach a subclass's
/// override), and a subclass that neither inherits nor overrides it has Swift's "unimplemented initializer" stub
/// there — just what UIKit's Swift classes do. So: the entry's slot is read from `UITableViewCell`'s type
/// descriptor (its vtable descriptor's first initializer, whose implementation must equal the word in the
/// class's own metadata at that slot), the subclass's word at that slot is its initializer, and a Swift-calling-
/// convention trampoline (`tactile_swift_init.h`) calls it with the metatype as `self`. The layout is checked once
/// with a probe subclass; if anything does not look as expected (another metadata layout, argument lowering),
/// the base class stands in and the misuse is reported.
@MainActor
enum TableCellFactory {
    /// A new `cls` cell (`cls.init(style:reuseIdentifier:)`).
    static func make(_ cls: UITableViewCell.Type, style: UITableViewCell.CellStyle, reuseIdentifier: String?) -> UITableViewCell {
        if cls == UITableViewCell.self { return UITableViewCell(style: style, reuseIdentifier: reuseIdentifier) }
        guard let slot = cellSlot, let made = callCellInit(cls, slot: slot, style: style, reuseIdentifier: reuseIdentifier) else {
            TactileDiagnostics.report("UITableView.register(_:forCellReuseIdentifier:)",
                                      "cannot call \(cls).init(style:reuseIdentifier:) on this platform; a UITableViewCell stands in")
            return UITableViewCell(style: style, reuseIdentifier: reuseIdentifier)
        }
        return made
    }

    /// A new `cls` header-footer view (`cls.init(reuseIdentifier:)`).
    static func make(_ cls: UITableViewHeaderFooterView.Type, reuseIdentifier: String?) -> UITableViewHeaderFooterView {
        if cls == UITableViewHeaderFooterView.self { return UITableViewHeaderFooterView(reuseIdentifier: reuseIdentifier) }
        guard let slot = headerFooterSlot, let made = callHeaderFooterInit(cls, slot: slot, reuseIdentifier: reuseIdentifier) else {
            TactileDiagnostics.report("UITableView.register(_:forHeaderFooterViewReuseIdentifier:)",
                                      "cannot call \(cls).init(reuseIdentifier:) on this platform; a UITableViewHeaderFooterView stands in")
            return UITableViewHeaderFooterView(reuseIdentifier: reuseIdentifier)
        }
        return made
    }

    // MARK: - Slots, found and checked once

    private static let cellSlot: Int? = {
        guard MemoryLayout<UITableViewCell.CellStyle>.size == 1, MemoryLayout<String?>.size == 16,
              let slot = firstInitializerSlot(of: UITableViewCell.self) else { return nil }
        let probe = callCellInit(ProbeCell.self, slot: slot, style: .subtitle, reuseIdentifier: "probe")
        guard let cell = probe as? ProbeCell, cell.probed, cell.reuseIdentifier == "probe", cell.cellStyle == .subtitle
        else { return nil }
        return slot
    }()

    private static let headerFooterSlot: Int? = {
        guard MemoryLayout<String?>.size == 16,
              let slot = firstInitializerSlot(of: UITableViewHeaderFooterView.self) else { return nil }
        let probe = callHeaderFooterInit(ProbeHeaderFooter.self, slot: slot, reuseIdentifier: "probe")
        guard let view = probe as? ProbeHeaderFooter, view.probed, view.reuseIdentifier == "probe" else { return nil }
        return slot
    }()

    private final class ProbeCell: UITableViewCell {
        var probed = false
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            probed = true
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    private final class ProbeHeaderFooter: UITableViewHeaderFooterView {
        var probed = false
        override init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            probed = true
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    /// The vtable slot (in words from the metadata's address point) of the first initializer `cls` itself
    /// declares, checked against the class's own metadata; nil when the metadata does not look as expected.
    private static func firstInitializerSlot(of cls: AnyClass) -> Int? {
        guard let vtable = SwiftClassMetadata.ownVTable(of: cls) else { return nil }
        for i in 0..<vtable.size {
            let method = vtable.descriptors + 8 * i
            guard method.load(as: UInt32.self) & 0x0F == 1 else { continue }  // kind: initializer
            let relative = Int(method.load(fromByteOffset: 4, as: Int32.self))
            guard relative != 0 else { return nil }
            let implementation = UInt(bitPattern: Int(bitPattern: method + 4) &+ relative)
            return SwiftClassMetadata.word(cls, vtable.offset + i) == implementation ? vtable.offset + i : nil
        }
        return nil
    }

    // MARK: - Calls

    private static func initializer(of cls: AnyClass, slot: Int) -> (UnsafeRawPointer, UnsafeRawPointer)? {
        let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        guard let function = metadata.load(fromByteOffset: 8 * slot, as: UnsafeRawPointer?.self) else { return nil }
        return (function, metadata)
    }

    /// An owned copy of `string` as the two words Swift passes it in (the callee takes ownership).
    private static func ownedWords(_ string: String?) -> (UInt64, UInt64) {
        let box = UnsafeMutablePointer<String?>.allocate(capacity: 1)
        box.initialize(to: string)
        let words = UnsafeRawPointer(box).load(as: (UInt64, UInt64).self)
        box.deallocate()  // not deinitialized: the reference now belongs to the words
        return words
    }

    private static func callCellInit(_ cls: UITableViewCell.Type, slot: Int, style: UITableViewCell.CellStyle,
                                     reuseIdentifier: String?) -> UITableViewCell? {
        guard let (function, metadata) = initializer(of: cls, slot: slot) else { return nil }
        let words = ownedWords(reuseIdentifier)
        let raw = tactile_swift_call_init_u8_string(function, UInt8(truncatingIfNeeded: style.rawValue), words.0, words.1, metadata)
        guard let raw else { return nil }
        return Unmanaged<UITableViewCell>.fromOpaque(raw).takeRetainedValue()
    }

    private static func callHeaderFooterInit(_ cls: UITableViewHeaderFooterView.Type, slot: Int,
                                             reuseIdentifier: String?) -> UITableViewHeaderFooterView? {
        guard let (function, metadata) = initializer(of: cls, slot: slot) else { return nil }
        let words = ownedWords(reuseIdentifier)
        guard let raw = tactile_swift_call_init_string(function, words.0, words.1, metadata) else { return nil }
        return Unmanaged<UITableViewHeaderFooterView>.fromOpaque(raw).takeRetainedValue()
    }
}
