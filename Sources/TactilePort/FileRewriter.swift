import SwiftSyntax

/// Pass two over one file: collects the edits that make it build against Tactile and the facts the generated
/// tables need (which methods `#selector` names, which declarations move into their class).
final class FileRewriter: SyntaxVisitor {
    let file: Int
    let source: PortSource
    let index: ModuleIndex
    var edits = SourceEdits()
    var entries: [PortReport.Entry] = []
    /// Methods named by `#selector`: (class, method key).
    var referenced: [(String, String)] = []
    /// Selectors written as strings (`Selector("tap:")`), matched against every class's methods.
    var stringSelectors: Set<String> = []
    /// Extension members that move into their class's body: (class, start, end).
    var moves: [(String, Int, Int)] = []

    private var scopes: [(name: String, isExtension: Bool, isProtocol: Bool)] = []
    private var replacedImport = false
    private let importsFoundation: Bool

    init(file: Int, source: PortSource, index: ModuleIndex) {
        self.file = file
        self.source = source
        self.index = index
        importsFoundation = source.tree.statements.contains {
            $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text == "Foundation"
        }
        super.init(viewMode: .sourceAccurate)
    }

    private func report(_ node: some SyntaxProtocol, _ kind: PortReport.Kind, _ construct: String, _ message: String) {
        entries.append(PortReport.Entry(file: source.path, line: source.line(node), kind: kind, construct: construct, message: message))
    }

    private func remove(_ node: some SyntaxProtocol) {
        let (s, e) = SourceLines.removal(node.positionAfterSkippingLeadingTrivia.utf8Offset,
                                         node.endPositionBeforeTrailingTrivia.utf8Offset, in: source.bytes)
        edits.replace(s, e, with: "")
    }

    private func replace(_ node: some SyntaxProtocol, with text: String) {
        edits.replace(node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset, with: text)
    }

    private func qualified(_ name: String) -> String { (scopes.last.map { $0.name + "." } ?? "") + name }
    /// The type `self` is in: a class, or the type an extension extends.
    private var selfType: String? { scopes.last?.name }

    // MARK: Scopes

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((qualified(node.name.text), false, false)); return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((qualified(node.name.text), false, false)); return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((qualified(node.name.text), false, false)); return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { scopes.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        scopes.append((node.extendedType.trimmedDescription, true, false)); return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scopes.removeLast() }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let module = node.path.first?.name.text, !node.attributes.has("testable") else { return .skipChildren }
        if UIKitNames.replacedModules.contains(module) {
            if replacedImport {
                remove(node)
            } else {
                replacedImport = true
                replace(node, with: importsFoundation ? "import Tactile" : "import Foundation\nimport Tactile")
            }
            report(node, .rewritten, "import", "import \(node.path.trimmedDescription) → Tactile")
        } else if module == "ObjectiveC" {
            remove(node)
            report(node, .rewritten, "import", "import ObjectiveC removed (no Objective-C runtime)")
        } else if UIKitNames.appleOnlyModules.contains(module) {
            report(node, .remains, "import", "\(module) is an Apple-only framework, not on Linux")
        }
        return .skipChildren
    }

    // MARK: Attributes and modifiers

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        switch name {
        case "objc", "objcMembers", "nonobjc", "IBOutlet", "IBAction", "IBInspectable", "IBDesignable", "GKInspectable":
            remove(node)
            report(node, .rewritten, "@\(name)", "removed" + (name == "IBOutlet" || name == "IBInspectable"
                ? " (listed in the class's tactileOutlets)" : name == "IBAction" ? " (listed in the class's tactileActions)" : ""))
        case "NSManaged":
            report(node, .remains, "@NSManaged", "Core Data's managed properties need the Objective-C runtime")
        case "IBSegueAction":
            report(node, .remains, "@IBSegueAction", "segue actions are not called by Tactile's storyboard loader")
        default: break
        }
        return .visitChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        switch node.name.text {
        case "dynamic":
            remove(node)
            report(node, .rewritten, "dynamic", "removed (no Objective-C message dispatch)")
        case "optional" where scopes.last?.isProtocol == true:
            remove(node)
        default: break
        }
        return .skipChildren
    }

    // MARK: Protocols with optional requirements

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = qualified(node.name.text)
        scopes.append((name, false, true))
        // `@objc` made the protocol class-bound (`weak var delegate: P?`); without it, AnyObject must say so.
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if node.attributes.has("objc"), !inherited.contains(where: { ["AnyObject", "class", "NSObjectProtocol"].contains($0) }) {
            if let clause = node.inheritanceClause {
                edits.insert(" AnyObject,", at: clause.colon.endPositionBeforeTrailingTrivia.utf8Offset)
            } else {
                edits.insert(": AnyObject", at: node.name.endPositionBeforeTrailingTrivia.utf8Offset)
            }
            report(node, .rewritten, "@objc protocol", "\(name): AnyObject (what @objc implied)")
        }
        let access = node.modifiers.access.map { $0 == "open" ? "public " : "\($0) " } ?? ""
        var defaults: [String] = []
        for member in node.memberBlock.members {
            if let f = member.decl.as(FunctionDeclSyntax.self), f.modifiers.has("optional") {
                let generics = f.genericParameterClause?.trimmedDescription ?? ""
                let whereClause = f.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
                let body = f.signature.returnClause == nil ? "TactileOptionalRequirement.unimplemented() as Void" : "TactileOptionalRequirement.unimplemented()"
                defaults.append("    \(access)func \(f.name.text)\(generics)\(f.signature.trimmedDescription)\(whereClause) { \(body) }")
                checkDefault(f.signature.returnClause?.type, of: f)
                report(f, .rewritten, "optional requirement", "\(name).\(f.name.text): default implementation (unimplemented) in an extension")
            } else if let v = member.decl.as(VariableDeclSyntax.self), v.modifiers.has("optional") {
                for b in v.bindings {
                    guard let id = b.pattern.as(IdentifierPatternSyntax.self), let type = b.typeAnnotation?.type else { continue }
                    defaults.append("    \(access)var \(id.identifier.text): \(type.trimmedDescription) { TactileOptionalRequirement.unimplemented() }")
                    checkDefault(type, of: v)
                    report(v, .rewritten, "optional requirement", "\(name).\(id.identifier.text): default implementation (unimplemented) in an extension")
                }
            }
        }
        if !defaults.isEmpty {
            let text = "\n\n/// Generated by tactile port: the optional requirements' defaults (Swift on Linux has no `@objc optional`).\n"
                + "extension \(name) {\n" + defaults.joined(separator: "\n") + "\n}"
            edits.insert(text, at: node.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scopes.removeLast() }

    /// A default that cannot make a value of its return type (a class, say) can only report when called.
    private func checkDefault(_ type: TypeSyntax?, of node: some SyntaxProtocol) {
        guard let type, !PlaceholderTypes.canMake(type.trimmedDescription) else { return }
        report(node, .note, "optional requirement",
               "returns \(type.trimmedDescription): when a conforming type does not implement it, the default reports through TactileDiagnostics and traps")
    }

    // MARK: Selectors

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.macroName.text {
        case "selector":
            guard let argument = node.arguments.first else { return .visitChildren }
            let selector = resolveSelector(argument)
            replace(node, with: "Selector(\"\(selector)\")")
            report(node, .rewritten, "#selector", "\(node.arguments.trimmedDescription) → \"\(selector)\"")
            return .skipChildren
        case "keyPath":
            report(node, .remains, "#keyPath", "string key paths need Key-Value Coding (the Objective-C runtime)")
        default: break
        }
        return .visitChildren
    }

    /// The selector `#selector(...)` names, found in the sources where possible (so `@objc(name)` and an unlabeled
    /// reference to a method with parameters come out right); the method is then listed in its class's table.
    private func resolveSelector(_ argument: LabeledExprSyntax) -> String {
        var expr = argument.expression
        while true {
            if let t = expr.as(TupleExprSyntax.self), t.elements.count == 1 { expr = t.elements.first!.expression; continue }
            if let a = expr.as(AsExprSyntax.self) { expr = a.expression; continue }
            break
        }
        var type: String? = selfType
        let reference: DeclReferenceExprSyntax
        if let member = expr.as(MemberAccessExprSyntax.self) {
            reference = member.declName
            if let base = member.base?.trimmedDescription, base != "self", base != "Self" { type = base }
        } else if let ref = expr.as(DeclReferenceExprSyntax.self) {
            reference = ref
        } else {
            report(argument, .note, "#selector", "unrecognized form \(argument.trimmedDescription); named by its text")
            return argument.expression.trimmedDescription
        }
        let name = reference.baseName.text
        if let label = argument.label?.text {  // getter: / setter:
            return label == "setter" ? ObjCSelectorName.setter(name) : ObjCSelectorName.getter(name)
        }
        let labels: [String?]? = reference.argumentNames.map { $0.arguments.map { $0.name.text == "_" ? nil : $0.name.text } }
        // In the type `self` is (or the one named), else in the only class that has such a method.
        var found = type.flatMap { index.methods(named: name, labels: labels, in: $0) }
        if found == nil, case let holders = index.classes(withMethod: name, labels: labels), holders.count == 1 {
            found = index.methods(named: name, labels: labels, in: holders[0])
        }
        let candidates = found?.methods ?? []
        let instanceMethods = candidates.filter { !$0.isStatic }
        if let method = instanceMethods.first, let owner = found?.owner {
            if Set(instanceMethods.map(\.selector)).count > 1 {
                report(argument, .note, "#selector", "\(name) is overloaded; the first declaration's selector is used")
            }
            // The class that declares it lists it; the table is inherited by subclasses.
            for m in instanceMethods { referenced.append((owner, m.key)) }
            return method.selector
        }
        if candidates.contains(where: \.isStatic) {
            report(argument, .remains, "#selector", "\(name) is a class method: a class-method target has no action table")
        }
        guard let labels else {
            report(argument, .note, "#selector", "\(name) is not a method in the sources; named as a method without parameters")
            return name
        }
        return ObjCSelectorName.method(name, labels: labels)
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let ref = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let reason = UIKitNames.unportableFunctions[name] {
                report(node, .remains, name, reason)
            } else if name == "NSSelectorFromString" {
                replace(ref, with: "Selector")
                noteStringSelector(node)
                report(node, .rewritten, "NSSelectorFromString", "→ Selector(_:)")
            } else if name == "NSStringFromSelector" {
                replace(ref, with: "String")
                edits.insert("describing: ", at: node.arguments.position.utf8Offset)
                report(node, .rewritten, "NSStringFromSelector", "→ String(describing:)")
            } else if name == "Selector" {
                noteStringSelector(node)
            } else if let reason = UIKitNames.unportableMembers[callKey(name, node)] {
                report(node, .remains, callKey(name, node), reason)
            }
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let key = callKey(member.declName.baseName.text, node)
            if let reason = UIKitNames.unportableMembers[key] { report(node, .remains, key, reason) }
            if key == "responds(to:)", node.arguments.first?.expression.as(MacroExpansionExprSyntax.self).map({ isOptionalRequirementSelector($0) }) == true {
                report(node, .remains, "responds(to:)",
                       "asks whether an optional protocol requirement is implemented; call it and use TactileOptionalRequirement.result instead")
            }
        }
        rewriteOptionalCall(node)
        return .visitChildren
    }

    /// `name(a:_:)`: the called name with the call's argument labels.
    private func callKey(_ name: String, _ call: FunctionCallExprSyntax) -> String {
        "\(name)(\(call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()))"
    }

    private func noteStringSelector(_ call: FunctionCallExprSyntax) {
        guard let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
              let value = literal.representedLiteralValue else { return }
        stringSelectors.insert(value)
    }

    private func isOptionalRequirementSelector(_ macro: MacroExpansionExprSyntax) -> Bool {
        guard macro.macroName.text == "selector", let e = macro.arguments.first?.expression else { return false }
        let ref = e.as(MemberAccessExprSyntax.self)?.declName ?? e.as(DeclReferenceExprSyntax.self)
        guard let ref else { return false }
        return index.optionalRequirements[ref.baseName.text] != nil
    }

    /// `delegate?.method?(…)` → `delegate?.method(…)` where `method` is an optional requirement of a protocol in the
    /// sources (the default does nothing and returns nil, zero or false); where the result is used, the call is
    /// wrapped in `TactileOptionalRequirement.result(_:)`, nil when the conforming type does not implement it, as
    /// Objective-C's optional call gives.
    private func rewriteOptionalCall(_ node: FunctionCallExprSyntax) {
        guard let chain = node.calledExpression.as(OptionalChainingExprSyntax.self),
              let member = chain.expression.as(MemberAccessExprSyntax.self) else { return }
        let labels: [String?] = node.arguments.map { $0.label?.text }
        // An optional requirement of a protocol in the sources, or of UIKit's (whose defaults Tactile implements):
        // a method called with `?(`, unless the sources declare a property of that name (an optional closure).
        let name = member.declName.baseName.text
        let ownRequirement = index.optionalRequirements[name]?.contains { $0.isFunction && $0.labels == labels } == true
        guard ownRequirement || !index.propertyNames.contains(name) else { return }
        edits.replace(chain.questionMark.positionAfterSkippingLeadingTrivia.utf8Offset, chain.questionMark.endPosition.utf8Offset, with: "")
        let isStatement = node.parent?.is(CodeBlockItemSyntax.self) == true
            || (node.parent?.is(ExpressionStmtSyntax.self) == true)
        if !isStatement {
            edits.insert("TactileOptionalRequirement.result({ ", at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
            edits.insert(" })", at: node.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        report(node, .rewritten, "optional call", "\(name)?(…)" + (isStatement ? " → default when not implemented" : " → TactileOptionalRequirement.result"))
    }

    // MARK: Declarations in extensions

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let key = "\(node.name.text)(\(node.argumentLabels.map { ($0 ?? "_") + ":" }.joined()))"
        if node.modifiers.has("override"), let reason = UIKitNames.unportableMembers[key] {
            report(node, .remains, key, reason)
        }
        considerMove(node, key: key, isOverride: node.modifiers.has("override"))
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let id = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self) {
            considerMove(node, key: id.identifier.text, isOverride: node.modifiers.has("override"))
        }
        return .visitChildren
    }

    /// Swift on Linux cannot override a declaration in an extension, nor override from one: an extension's
    /// `override` moves into its class's body, and so does an extension member a subclass in the sources overrides.
    private func considerMove(_ node: some DeclSyntaxProtocol, key: String, isOverride: Bool) {
        guard let scope = scopes.last, scope.isExtension, node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true else { return }
        let type = scope.name
        let overridden = index.subclasses(of: type).contains { sub in
            sub.methods.contains { $0.isOverride && $0.key == key } || sub.bodyMembers.contains(key)
        }
        guard isOverride || overridden else { return }
        guard index.classes[type] != nil else {
            if isOverride {
                report(node, .remains, "override in extension",
                       "\(type) is not in the sources: Swift on Linux cannot override in an extension; subclass it instead")
            }
            return
        }
        moves.append((type, node.position.utf8Offset, node.endPosition.utf8Offset))
        report(node, .rewritten, "extension member", "\(key) moved into the body of \(type)" + (isOverride ? "" : " (a subclass overrides it)"))
    }
}
