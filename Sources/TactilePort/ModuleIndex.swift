import SwiftParser
import SwiftSyntax

/// One file of the sources being ported: its bytes and syntax tree.
struct PortSource {
    let path: String
    let bytes: [UInt8]
    let tree: SourceFileSyntax
    let lines: SourceLocationConverter

    init(path: String, text: String) {
        self.path = path
        bytes = Array(text.utf8)
        tree = Parser.parse(source: text)
        lines = SourceLocationConverter(fileName: path, tree: tree)
    }

    func line(_ node: some SyntaxProtocol) -> Int { node.startLocation(converter: lines).line }
}

/// A method of a class, found in the class body or in an extension of it.
struct MethodInfo {
    var name: String
    /// Argument labels, nil for `_`.
    var labels: [String?]
    var parameterTypes: [String]
    var returnType: String?
    var isStatic: Bool
    var isObjC: Bool
    var explicitSelector: String?
    var isIBAction: Bool
    var isOverride: Bool
    var effects: Bool
    var access: String?
    /// The `private`/`fileprivate` modifier's range, to widen a method the class's table must reach from another file.
    var privateModifier: (Int, Int)?
    var file: Int
    var line: Int
    var inExtension: Bool
    /// The declaration's range (with its leading comments), for a move.
    var start: Int
    var end: Int

    /// `name(a:_:)`: what an override matches.
    var key: String { "\(name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))" }
    var selector: String { explicitSelector ?? ObjCSelectorName.method(name, labels: labels) }
}

/// A property of a class marked `@IBOutlet` or `@IBInspectable`: set by name from storyboards.
struct OutletInfo {
    var name: String
    var file: Int
}

struct ClassInfo {
    var name: String
    var superclass: String?
    var file: Int
    var line: Int
    /// Where members are inserted: the offset of the body's closing brace.
    var bodyEnd: Int
    /// Where an extension after the class goes: the offset after the closing brace.
    var declEnd: Int
    var access: String?
    /// The indentation of the body's members.
    var memberIndent: String
    var objcMembers = false
    var methods: [MethodInfo] = []
    var outlets: [OutletInfo] = []
    /// Keys (`name(a:)`, or a property name) of the members declared in the body.
    var bodyMembers: Set<String> = []
}

/// An `@objc optional` requirement of a protocol in the sources.
struct OptionalRequirement {
    var protocolName: String
    var name: String
    var labels: [String?]
    var isFunction: Bool
}

/// What pass one learns about all the sources: classes (with the methods their extensions add), protocols'
/// optional requirements. The rewrite of each file reads it, so a `#selector` in one file finds a method declared
/// in another and an extension's override finds its class.
struct ModuleIndex {
    var classes: [String: ClassInfo] = [:]
    var optionalRequirements: [String: [OptionalRequirement]] = [:]  // by name
    /// Every property name declared in the sources (an `x?.name?()` on one calls an optional closure).
    var propertyNames: Set<String> = []

    init(_ sources: [PortSource]) {
        var extensionMethods: [(String, MethodInfo)] = []
        var extensionOutlets: [(String, OutletInfo)] = []
        for (i, source) in sources.enumerated() {
            let visitor = IndexVisitor(file: i, source: source)
            visitor.walk(source.tree)
            for c in visitor.classes { classes[c.name] = c }
            for r in visitor.optionals { optionalRequirements[r.name, default: []].append(r) }
            propertyNames.formUnion(visitor.propertyNames)
            extensionMethods += visitor.extensionMethods
            extensionOutlets += visitor.extensionOutlets
        }
        // An extension may come before its class (another file): its members join the class once all are read.
        for (type, method) in extensionMethods { classes[type]?.methods.append(method) }
        for (type, outlet) in extensionOutlets { classes[type]?.outlets.append(outlet) }
    }

    /// The class chain from `name` up, within the sources.
    func ancestors(of name: String) -> [ClassInfo] {
        var chain: [ClassInfo] = []
        var next: String? = name
        var seen: Set<String> = []
        while let n = next, let c = classes[n], seen.insert(n).inserted {
            chain.append(c)
            next = c.superclass
        }
        return chain
    }

    /// The first class outside the sources that `name` descends from (nil when the chain ends without one).
    func externalRoot(of name: String) -> String? { ancestors(of: name).last?.superclass }

    /// True when instances of `name` are `UIResponder`s (their class lists actions and outlets in UIResponder's
    /// overridable tables).
    func isResponder(_ name: String) -> Bool {
        guard let root = externalRoot(of: name) else { return false }
        return UIKitNames.isResponder(root)
    }

    /// The methods named `name` (with `labels` when given) of `type` or of its nearest ancestor in the sources that
    /// has any, with that class (the one whose table lists them).
    func methods(named name: String, labels: [String?]?, in type: String) -> (owner: String, methods: [MethodInfo])? {
        for c in ancestors(of: type) {
            let found = c.methods.filter { $0.name == name && (labels == nil || $0.labels == labels!) }
            if !found.isEmpty { return (c.name, found) }
        }
        return nil
    }

    /// Every class with a method named `name` (with `labels` when given).
    func classes(withMethod name: String, labels: [String?]?) -> [String] {
        classes.values.filter { c in c.methods.contains { $0.name == name && (labels == nil || $0.labels == labels!) } }
            .map(\.name).sorted()
    }

    func subclasses(of name: String) -> [ClassInfo] {
        classes.values.filter { c in ancestors(of: c.name).dropFirst().contains { $0.name == name } }
    }
}

// MARK: - Reading declarations

extension AttributeListSyntax {
    func named(_ name: String) -> AttributeSyntax? {
        for element in self {
            if case .attribute(let a) = element, a.attributeName.trimmedDescription == name { return a }
        }
        return nil
    }
    func has(_ name: String) -> Bool { named(name) != nil }
}

extension DeclModifierListSyntax {
    func has(_ name: String) -> Bool { contains { $0.name.text == name } }
    var access: String? {
        first { ["open", "public", "internal", "fileprivate", "private", "package"].contains($0.name.text) && $0.detail == nil }?.name.text
    }
}

extension AttributeSyntax {
    /// `@objc(name:)`'s name.
    var objcName: String? {
        guard case .objCName(let pieces)? = arguments else { return nil }
        return pieces.map { ($0.name?.text ?? "") + ($0.colon == nil ? "" : ":") }.joined()
    }
}

extension FunctionDeclSyntax {
    var argumentLabels: [String?] {
        signature.parameterClause.parameters.map { p in p.firstName.text == "_" ? nil : p.firstName.text }
    }
}

/// Pass one over a file.
final class IndexVisitor: SyntaxVisitor {
    let file: Int
    let source: PortSource
    var classes: [ClassInfo] = []
    var optionals: [OptionalRequirement] = []
    var extensionMethods: [(String, MethodInfo)] = []
    var extensionOutlets: [(String, OutletInfo)] = []
    var propertyNames: Set<String> = []
    /// The enclosing type declarations: (qualified name, index in `classes` or nil for an extension / other type).
    private var scopes: [(name: String, classIndex: Int?, isExtension: Bool, objcMembers: Bool)] = []

    init(file: Int, source: PortSource) {
        self.file = file
        self.source = source
        super.init(viewMode: .sourceAccurate)
    }

    private func qualified(_ name: String) -> String {
        (scopes.last.map { $0.name + "." } ?? "") + name
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { t -> String in
            // `UIView`, `Base<T>`: the class name without arguments.
            let text = t.type.trimmedDescription
            return String(text.prefix { $0 != "<" })
        }
        var info = ClassInfo(name: name, superclass: superclass, file: file, line: source.line(node),
                             bodyEnd: node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
                             declEnd: node.endPositionBeforeTrailingTrivia.utf8Offset, access: node.modifiers.access,
                             memberIndent: node.memberBlock.members.first.map {
                                 SourceLines.indentation(at: $0.positionAfterSkippingLeadingTrivia.utf8Offset, in: source.bytes)
                             } ?? SourceLines.indentation(at: node.positionAfterSkippingLeadingTrivia.utf8Offset, in: source.bytes) + "    ")
        info.objcMembers = node.attributes.has("objcMembers")
        classes.append(info)
        scopes.append((name, classes.count - 1, false, info.objcMembers))
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((node.extendedType.trimmedDescription, nil, true, node.attributes.has("objcMembers")))
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((qualified(node.name.text), nil, false, false))
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((qualified(node.name.text), nil, false, false))
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        for member in node.memberBlock.members {
            if let f = member.decl.as(FunctionDeclSyntax.self), f.modifiers.has("optional") {
                optionals.append(OptionalRequirement(protocolName: name, name: f.name.text, labels: f.argumentLabels, isFunction: true))
            } else if let v = member.decl.as(VariableDeclSyntax.self), v.modifiers.has("optional") {
                for b in v.bindings {
                    if let id = b.pattern.as(IdentifierPatternSyntax.self) {
                        optionals.append(OptionalRequirement(protocolName: name, name: id.identifier.text, labels: [], isFunction: false))
                    }
                }
            }
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let scope = scopes.last, scope.classIndex != nil || scope.isExtension else { return .skipChildren }
        // Only members directly in the type's body (not functions nested in function bodies).
        guard node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true else { return .skipChildren }
        let objc = node.attributes.named("objc")
        let params = node.signature.parameterClause.parameters
        let method = MethodInfo(
            name: node.name.text, labels: node.argumentLabels,
            parameterTypes: params.map { $0.type.trimmedDescription },
            returnType: node.signature.returnClause.map { $0.type.trimmedDescription },
            isStatic: node.modifiers.has("static") || node.modifiers.has("class"),
            isObjC: objc != nil || node.attributes.has("IBAction") || scope.objcMembers,
            explicitSelector: objc?.objcName, isIBAction: node.attributes.has("IBAction"),
            isOverride: node.modifiers.has("override"),
            effects: node.signature.effectSpecifiers != nil || params.contains { $0.ellipsis != nil || $0.type.is(AttributedTypeSyntax.self) },
            access: node.modifiers.access,
            privateModifier: node.modifiers.first { ["private", "fileprivate"].contains($0.name.text) }.map {
                ($0.positionAfterSkippingLeadingTrivia.utf8Offset, $0.endPosition.utf8Offset)
            },
            file: file, line: source.line(node), inExtension: scope.isExtension,
            start: node.position.utf8Offset, end: node.endPosition.utf8Offset)
        if let index = scope.classIndex {
            classes[index].methods.append(method)
            classes[index].bodyMembers.insert(method.key)
        } else {
            extensionMethods.append((scope.name, method))
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for b in node.bindings { if let id = b.pattern.as(IdentifierPatternSyntax.self) { propertyNames.insert(id.identifier.text) } }
        guard let scope = scopes.last, scope.classIndex != nil || scope.isExtension,
              node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true else { return .skipChildren }
        let settable = node.attributes.has("IBOutlet") || node.attributes.has("IBInspectable")
        for b in node.bindings {
            guard let id = b.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if let index = scope.classIndex {
                classes[index].bodyMembers.insert(id.identifier.text)
                if settable { classes[index].outlets.append(OutletInfo(name: id.identifier.text, file: file)) }
            } else if settable {
                extensionOutlets.append((scope.name, OutletInfo(name: id.identifier.text, file: file)))
            }
        }
        return .skipChildren
    }
}
